import { createContext, useContext, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { isPlainClick } from "./plain-click";

// WAI-ARIA tabs: arrow keys move between tabs (roving tabindex), Home/End jump to the ends.
// Every panel stays in the HTML (inactive ones are `hidden`), so search engines read them all.
// A tab with an `href` is a link to the page with that tab chosen (`?tab=reviews`), which the
// server renders: it works before the script runs and without it (ADR 020). Once hydrated, a
// click switches in the page instead.

type TabsState = { value: string; select: (v: string) => void; id: string; syncAddress: boolean };
const TabsContext = createContext<TabsState | null>(null);
const useTabs = () => {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error("Tabs parts must be inside <Tabs>");
  return ctx;
};

type TabsProps = {
  defaultValue: string;
  value?: string;
  onValueChange?: (v: string) => void;
  /** A chosen link tab also becomes the address (replacing the entry): a reload keeps it. */
  syncAddress?: boolean;
  /** The ids' prefix, for a page with one set of tabs (shorter HTML than React's generated one). */
  idPrefix?: string;
  children: ReactNode;
  className?: string;
};

export function Tabs({
  defaultValue,
  value,
  onValueChange,
  syncAddress = false,
  idPrefix,
  children,
  className,
}: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const generated = useId();
  const id = idPrefix ?? generated;
  const current = value ?? own;
  const select = (v: string) => {
    setOwn(v);
    onValueChange?.(v);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, id, syncAddress }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabsList({
  children,
  className,
  "aria-label": label,
}: {
  children: ReactNode;
  className?: string;
  "aria-label": string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const i = tabs.indexOf(document.activeElement as HTMLElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    tab.focus();
    tab.click();
  };
  return (
    <div
      ref={ref}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("flex gap-1 rounded-full bg-cream p-1", className)}
    >
      {children}
    </div>
  );
}

/** A tab or its panel, joined by `value`. */
type TabPartProps = { value: string; children: ReactNode; className?: string };

export function TabsTrigger({ value, href, children, className }: TabPartProps & { href?: string }) {
  const { value: current, select, id, syncAddress } = useTabs();
  const hydrated = useHydrated();
  const active = current === value;
  const tab = {
    role: "tab",
    id: `${id}-tab-${value}`,
    "aria-selected": active,
    "aria-controls": `${id}-panel-${value}`,
    // The arrow keys need the script: until it runs, every link tab is a Tab stop of its own.
    tabIndex: href && !hydrated ? undefined : active ? 0 : -1,
    // `.tab` in app/styles/venue-page.css, styled by its aria-selected.
    className: cn("tab", className),
  };
  if (!href)
    return (
      <button type="button" {...tab} onClick={() => select(value)}>
        {children}
      </button>
    );
  return (
    <a
      href={href}
      {...tab}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        select(value);
        // No loader needs to run for a tab: the address changes without a navigation.
        if (syncAddress) window.history.replaceState(window.history.state, "", href);
      }}
    >
      {children}
    </a>
  );
}

export function TabsContent({ value, children, className }: TabPartProps) {
  const { value: current, id } = useTabs();
  return (
    <div
      role="tabpanel"
      id={`${id}-panel-${value}`}
      aria-labelledby={`${id}-tab-${value}`}
      hidden={current !== value}
      tabIndex={0}
      className={cn("tab-panel", className)}
    >
      {children}
    </div>
  );
}
