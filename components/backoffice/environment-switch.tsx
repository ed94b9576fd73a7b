// The sandbox/production switch (SPEC §13): a group of two buttons, the
// current one pressed. It posts a server action that remembers the choice.
import type { Environment } from "@/lib/generated/prisma/enums";

const OPTIONS: { value: Environment; label: string }[] = [
  { value: "sandbox", label: "Sandbox" },
  { value: "production", label: "Production" },
];

export function EnvironmentSwitch({ environment, action }: { environment: Environment; action: (formData: FormData) => Promise<void> }) {
  return (
    <form action={action}>
      <div role="group" aria-label="Environment" className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {OPTIONS.map((o) => {
          const pressed = o.value === environment;
          const tone = pressed
            ? o.value === "sandbox"
              ? "bg-orange-500 text-black"
              : "bg-brand-600 text-white dark:bg-sky-500 dark:text-slate-950"
            : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";
          return (
            <button key={o.value} type="submit" name="environment" value={o.value} aria-pressed={pressed} className={`rounded px-3 py-1 text-sm font-medium ${tone}`}>
              {o.label}
            </button>
          );
        })}
      </div>
    </form>
  );
}
