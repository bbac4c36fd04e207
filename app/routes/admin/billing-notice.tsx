/** The admin layout's billing banner (ADR 0023): why the agency's greeting images are paused. */
export function BillingNotice({ message, title }: { message: string | null; title: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="mb-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{message}</p>
    </div>
  );
}
