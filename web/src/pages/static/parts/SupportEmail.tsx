import { useSite } from './useSite';

/** The support address as a mailto link; a neutral phrase until the server has answered. */
export function SupportEmail() {
  const { supportEmail } = useSite();
  if (!supportEmail) return <span>our support e-mail address</span>;
  return (
    <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline underline-offset-2">
      {supportEmail}
    </a>
  );
}
