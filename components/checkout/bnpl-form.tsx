"use client";
// Buy now, pay later: the customer picks an instalment plan, then the
// sandbox's stand-in for the lender approves or declines (names fixed by /docs/sandbox).
import { useActionState } from "react";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import { FormAlert } from "./form-alert";
import { SubmitButton } from "./submit-button";
import { ui } from "./styles";

interface PlanOption {
  id: string;
  label: string;
  detail: string;
}

export interface BnplFormProps {
  approve: (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;
  decline: () => Promise<void>;
  plans: PlanOption[];
  text: { choosePlan: string; approve: string; decline: string; processing: string; sandboxHeading: string; sandboxIntro: string };
}

export function BnplForm({ approve, decline, plans, text }: BnplFormProps) {
  const [state, formAction] = useActionState(approve, {});
  const chosen = state.values?.plan ?? plans[0]?.id;
  const error = state.errors?.plan;
  return (
    <form action={formAction} noValidate className="space-y-4">
      {state.alert ? <FormAlert {...state.alert} /> : null}
      <fieldset aria-describedby={error ? "plan-error" : undefined}>
        <legend className={ui.label}>{text.choosePlan}</legend>
        <div className="mt-2 space-y-2">
          {plans.map((plan) => (
            <label
              key={plan.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-400 p-3 has-checked:border-brand-600 has-checked:ring-2 has-checked:ring-brand-600 dark:border-slate-500 dark:has-checked:border-sky-300 dark:has-checked:ring-sky-300"
            >
              <input type="radio" name="plan" value={plan.id} defaultChecked={plan.id === chosen} className="mt-1 h-4 w-4 accent-brand-600" />
              <span>
                <span className="block font-medium text-slate-900 dark:text-slate-100">{plan.label}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{plan.detail}</span>
              </span>
            </label>
          ))}
        </div>
        {error ? (
          <p id="plan-error" className={ui.error}>
            {error}
          </p>
        ) : null}
      </fieldset>
      <section aria-labelledby="bnpl-sandbox-heading" className="rounded-lg border border-dashed border-amber-500 bg-amber-50 p-4 dark:border-amber-600 dark:bg-amber-950/40">
        <h3 id="bnpl-sandbox-heading" className="text-sm font-semibold text-amber-950 dark:text-amber-100">
          {text.sandboxHeading}
        </h3>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{text.sandboxIntro}</p>
        <div lang="en" className="mt-3 grid grid-cols-2 gap-3">
          <SubmitButton pendingLabel={text.processing}>{text.approve}</SubmitButton>
          <SubmitButton variant="dangerButton" formAction={decline}>
            {text.decline}
          </SubmitButton>
        </div>
      </section>
    </form>
  );
}
