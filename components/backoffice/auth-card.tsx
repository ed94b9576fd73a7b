// The frame of the pages around signing in (sign-in, two-factor set-up,
// accepting an invitation): one centred card, one h1, one main landmark.
export function AuthCard({ title, description, children, aside }: { title: string; description?: React.ReactNode; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-xl font-semibold tracking-tight text-slate-900 dark:text-white">Sluice</p>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
          {description ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {aside ? <div className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">{aside}</div> : null}
      </div>
    </main>
  );
}
