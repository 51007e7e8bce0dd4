import type { ReactNode } from 'react';
import { LanguageMenu } from '../../public-entry/language-menu';
import { copyrightLine } from '../../ui/copyright-line';

interface PublicCardProps {
  /** The card's heading next to the language picker; the sign-in card draws its own header instead. */
  title?: string;
  /** A line under the heading. */
  intro?: string;
  children: ReactNode;
}

/** The centred card the public screens (sign-in, recovery, change password) sit in (spec §2, §9). */
export function PublicCard({ title, intro, children }: PublicCardProps) {
  return (
    <main className="pk-main">
      <div className="pk-card">
        {title !== undefined && (
          <div style={{ marginBottom: 24 }}>
            <div className="pk-row">
              <h1 className="pk-h1">{title}</h1>
              <LanguageMenu />
            </div>
            {intro && <p className="pk-intro">{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </main>
  );
}

/** "© <year> <company>" under the sign-in form (spec §1). */
export function PublicCopyright({ companyName }: { companyName: string }) {
  return <p className="pk-caption">{copyrightLine(new Date().getFullYear(), companyName)}</p>;
}

/** A link between the public screens: a real href, followed without reloading the page. */
export function ScreenLink({
  to,
  navigate,
  children,
}: {
  to: string;
  navigate: (to: string) => void;
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      className="pk-link"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
