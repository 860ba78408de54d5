/**
 * A form's one problem in words, inside the form and announced (the server's refusal, an upload
 * that failed); nothing while there is none.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200"
    >
      {message}
    </p>
  );
}
