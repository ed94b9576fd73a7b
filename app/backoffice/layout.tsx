import type { Metadata } from "next";

export const metadata: Metadata = {
  title: { default: "Back office", template: "%s · Sluice back office" },
  robots: { index: false, follow: false },
};

export default function BackofficeLayout({ children }: { children: React.ReactNode }) {
  return children;
}
