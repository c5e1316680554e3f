// Entry file of an image worker thread (see image-pool.ts). A worker starts as plain Node.js:
// under Vitest it has no TypeScript loader, so tsx loads the task for this thread. This works
// the same under `npm start`, Vitest and the seed command.
import { tsImport } from 'tsx/esm/api';

const { runProcessTask } = await tsImport('./process-task.ts', import.meta.url);

export default runProcessTask;
