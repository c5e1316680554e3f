import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

// One client for the app. 4xx answers are final (retrying a 404 only delays the page).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
