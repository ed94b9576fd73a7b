// The back-office frame (SPEC §13): skip link, header with the merchant
// picker, the environment switch and the signed-in person, the sandbox banner,
// the navigation for the person's roles, and the main landmark. Links are
// shown by role here, but every page and action checks again on the server.
import Link from "next/link";
import { can, type MerchantAccess } from "@/lib/backoffice/authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import type { Environment } from "@/lib/generated/prisma/enums";
import { EnvironmentSwitch } from "./environment-switch";
import { IdleTimer } from "./idle-timer";
import { MerchantPicker } from "./merchant-picker";
import { type NavItem, NavLinks } from "./nav-links";
import { SandboxBanner } from "./sandbox-banner";
import { SignOutButton } from "./sign-out-button";

function navItems(actor: StaffUser, access: MerchantAccess | null): NavItem[] {
  const items: NavItem[] = [];
  if (access) {
    const base = `/backoffice/${access.merchant.id}`;
    const add = (label: string, path: string, show: boolean) => show && items.push({ label, href: `${base}/${path}` });
    add("Overview", "overview", can(access, "merchant.view"));
    add("Transactions", "transactions", can(access, "merchant.view"));
    add("Approvals", "approvals", can(access, "approvals.decide"));
    add("Payout review", "payouts", can(access, "approvals.decide"));
    add("Customers", "customers", can(access, "merchant.view"));
    add("Developers", "developers", can(access, "developers.manage"));
    add("Settings", "settings", can(access, "settings.manage"));
    add("Audit log", "audit-log", can(access, "audit.view"));
  } else if (actor.isOperator) {
    items.push({ label: "Approvals", href: "/backoffice/approvals" }, { label: "Audit log", href: "/backoffice/audit-log" });
  }
  if (actor.isOperator) {
    items.push(
      { label: "Merchants", href: "/backoffice/merchants" },
      // Payouts → Bank files: the platform's own bank account pays them, so it is the operator's page.
      { label: "Connectors", href: "/backoffice/connectors" },
      { label: "Bank files", href: "/backoffice/bank-files" },
      { label: "System", href: "/backoffice/system" },
      { label: "Security", href: "/backoffice/security" },
    );
  }
  return items;
}

export interface ShellProps {
  actor: StaffUser;
  access: MerchantAccess | null;
  environment: Environment;
  switchEnvironment: (formData: FormData) => Promise<void>;
  children: React.ReactNode;
}

export function Shell({ actor, access, environment, switchEnvironment, children }: ShellProps) {
  const merchants = actor.memberships.map((m) => ({ id: m.merchantId, name: m.merchantName }));
  // An operator looking at a merchant they are not a member of still sees it in the picker.
  if (access && !merchants.some((m) => m.id === access.merchant.id)) merchants.unshift({ id: access.merchant.id, name: access.merchant.name });
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900 focus:shadow">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {environment === "sandbox" ? <SandboxBanner /> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/backoffice" className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">
            Sluice
          </Link>
          {merchants.length > 0 ? <MerchantPicker current={access?.merchant.id ?? null} merchants={merchants} /> : null}
          {actor.isOperator ? (
            <Link href="/backoffice/merchants" className="text-sm text-brand-600 underline dark:text-sky-300">
              All merchants
            </Link>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center gap-3">
            <EnvironmentSwitch environment={environment} action={switchEnvironment} />
            <Link href="/backoffice/account/two-factor" className="max-w-[16rem] truncate text-sm text-slate-700 underline-offset-2 hover:underline dark:text-slate-300" title="Your account and two-factor authentication">
              {actor.email}
            </Link>
            <SignOutButton />
          </div>
        </div>
        {access && !access.merchant.isActive ? (
          <p className="bg-red-700 px-4 py-1.5 text-center text-sm font-medium text-white">This merchant is deactivated: API writes are refused until an operator reactivates it.</p>
        ) : null}
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav aria-label="Main" className="border-b border-slate-200 bg-white md:w-56 md:shrink-0 md:border-b-0 md:border-r dark:border-slate-800 dark:bg-slate-900">
          <NavLinks items={navItems(actor, access)} />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
      <IdleTimer />
    </div>
  );
}
