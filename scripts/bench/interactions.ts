// How long a tap or a key takes to paint (issue 42): the browser's own Event Timing, the measure
// behind Core Web Vitals' INP, for each interaction a couple or a manager repeats, at 390 px on a
// CPU slowed 4× (a mid-range phone). A benchmark, not part of `npm test`.
//   npm run build && npm run bench:interactions [-- interaction names, e.g. "a heart"]
// The production build on a fresh PostgreSQL database (BENCH_DATABASE_URL, the demo content),
// each interaction RUNS times (5) on a freshly loaded, hydrated page: median and worst, budget
// 100 ms each. An interaction's time is its longest event entry (input delay, handlers and the
// next paint); the browser reports none under 16 ms, printed as "<16". Beside it, where the main
// thread's time went from the tap until its effect showed (the median run): script, and style and
// layout, which tells what to cut.
import {
  chromium,
  expect,
  type APIRequestContext,
  type CDPSession,
  type Locator,
  type Page,
} from "@playwright/test";
import pg from "pg";
import { CHROMIUM_PATH } from "../chromium-path";
import { addMonths, monthOf, utcDay } from "../../app/lib/dates";
import { parseVenueParam } from "../../app/lib/venue-url";
import { freshDatabase, requireBuild, sitemapPaths, startProductionServer } from "./production-server";

const BUDGET_MS = 100;
const RUNS = Number(process.env.INTERACTION_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };
const UNDER = 16; // Event Timing's smallest reported duration

requireBuild();
const databaseUrl = await freshDatabase("vv_bench_interactions");
const server = await startProductionServer(databaseUrl);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

type Interaction = {
  name: string;
  /** The page to load, signed in as `as` when given. */
  path: string;
  as?: "couple" | "manager";
  /** Gets the page ready (not measured), then returns the interaction itself, its effect, and
   *  the element it acts on, scrolled into view before the measure (a person scrolls, then taps). */
  prepare(page: Page): Promise<{ act(): Promise<void>; done(): Promise<unknown>; target?: Locator }>;
};

let failed = false;
try {
  const origin = server.origin;
  const venuePath = (await sitemapPaths(origin)).find((p) => p.startsWith("/venue/"))!;
  const venueId = parseVenueParam(venuePath.slice("/venue/".length));
  const accounts = {
    couple: await register("couple"),
    manager: await register("manager"),
  };
  await db.query("update users set role = 'venue_manager' where email = $1", [accounts.manager]);
  await db.query("insert into venue_managers (user_id, venue_id) select id, $2 from users where email = $1", [
    accounts.manager,
    venueId,
  ]);
  const nextMonth = addMonths(monthOf(utcDay()), 1);

  const interactions: Interaction[] = [
    {
      name: "open the filter drawer",
      path: "/venues?view=list",
      async prepare(page) {
        const toggle = page.getByRole("button", { name: "Show Filters" });
        return {
          target: toggle,
          act: () => toggle.click(),
          done: () => page.getByRole("form", { name: "Search filters" }).waitFor(),
        };
      },
    },
    {
      name: "apply a filter",
      path: "/venues?view=list",
      async prepare(page) {
        await page.getByRole("button", { name: "Show Filters" }).click();
        const form = page.getByRole("form", { name: "Search filters" });
        await form.getByLabel("Guests").fill("150");
        const apply = form.getByRole("button", { name: "Apply Filters" });
        return {
          target: apply,
          act: () => apply.click(),
          done: () => page.waitForURL((u) => u.searchParams.get("guests") === "150"),
        };
      },
    },
    {
      name: "switch a venue tab",
      path: venuePath,
      async prepare(page) {
        const tab = page.getByRole("tab", { name: "Reviews", exact: true });
        return {
          target: tab,
          act: () => tab.click(),
          done: () => page.getByRole("tab", { name: "Reviews", exact: true, selected: true }).waitFor(),
        };
      },
    },
    {
      name: "a heart",
      path: "/venues?view=list",
      as: "couple",
      // Saves the first card's venue, or un-saves it: the runs share the couple's account.
      async prepare(page) {
        const heart = page
          .getByRole("article")
          .first()
          .getByRole("button", { name: / favorites$/ });
        const before = await heart.getAttribute("aria-label");
        return {
          target: heart,
          act: () => heart.click(),
          done: () => expect(heart).not.toHaveAttribute("aria-label", before!),
        };
      },
    },
    {
      name: "add to compare",
      path: "/venues?view=list",
      async prepare(page) {
        const compare = page
          .getByRole("article")
          .first()
          .getByRole("button", { name: /^Compare / });
        return {
          target: compare,
          act: () => compare.click(),
          done: () => page.getByRole("region", { name: "Compare venues" }).waitFor(),
        };
      },
    },
    {
      name: "move through the calendar by keyboard",
      path: `/venue-manager/edit-venue/${venueId}?tab=availability&month=${nextMonth}`,
      as: "manager",
      async prepare(page) {
        const first = page.locator("button[data-day]").first();
        await first.focus();
        const day = await first.getAttribute("data-day");
        return {
          act: () => page.keyboard.press("ArrowRight"),
          done: () =>
            page.waitForFunction((d) => document.activeElement?.getAttribute("data-day") !== d, day),
        };
      },
    },
    {
      name: "type into the inquiry form",
      path: venuePath,
      async prepare(page) {
        await page.getByTestId("inquiry-bar").getByRole("button", { name: "Check availability" }).click();
        const message = page.getByRole("dialog").getByLabel("Message");
        await message.focus();
        return {
          act: () => page.keyboard.type("W"),
          done: () =>
            page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement).value === "W"),
        };
      },
    },
  ];

  const only = process.argv.slice(2);
  console.log(
    `interaction (${RUNS} runs, ${VIEWPORT.width} px, CPU ${CPU_SLOWDOWN}× slower)   median    worst   script / style+layout`,
  );
  for (const interaction of interactions.filter((i) => only.length === 0 || only.includes(i.name))) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(interaction));
    runs.sort((a, b) => a.ms - b.ms);
    const median = runs[Math.floor(runs.length / 2)]!;
    const worst = runs.at(-1)!.ms;
    const over = worst > BUDGET_MS;
    failed ||= over;
    const ms = (n: number) => (n <= UNDER ? `<${UNDER}` : String(n)).padStart(5) + " ms";
    console.log(
      `${interaction.name.padEnd(56)} ${ms(median.ms)} ${ms(worst)}   ${median.script.toFixed(0).padStart(4)} / ${median.render.toFixed(0).padStart(4)} ms${over ? `  over ${BUDGET_MS} ms` : ""}`,
    );
  }

  /** One run: a fresh context (signed in when asked), the page loaded and hydrated, then the
   *  interaction, timed by the page's own PerformanceObserver. */
  async function measure(interaction: Interaction): Promise<Run> {
    const context = await browser.newContext({ viewport: VIEWPORT, baseURL: origin });
    try {
      if (interaction.as) await login(context.request, origin, accounts[interaction.as]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.goto(interaction.path);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const { act, done, target } = await interaction.prepare(page);
      // Scrolled there first, and the page's answers to the scroll painted (the header's scrolled
      // state, images coming into view): they belong to the scroll's frames, not to the tap's.
      if (target) {
        await target.scrollIntoViewIfNeeded();
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 1000))));
      }
      // Watching from here: the entries of loading the page and of getting it ready are not kept,
      // even those the browser reports only after this (an entry comes after its next paint).
      await page.evaluate((under) => {
        const w = window as unknown as { __events: number[] };
        w.__events = [];
        const since = performance.now();
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as PerformanceEventTiming[])
            if (e.interactionId && e.startTime >= since) w.__events.push(e.duration);
        }).observe({ type: "event", durationThreshold: under } as PerformanceObserverInit);
      }, UNDER);
      await cdp.send("Performance.enable");
      const before = await busy(cdp);
      await act();
      await done();
      // The entry is queued after the paint that follows the interaction.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
      const after = await busy(cdp);
      const ms = await page.evaluate(
        (under) => Math.max(under, ...(window as unknown as { __events: number[] }).__events),
        UNDER,
      );
      return { ms, script: after.script - before.script, render: after.render - before.render };
    } finally {
      await context.close();
    }
  }

  /** An account of the site's own registration form; its email. */
  async function register(kind: string): Promise<string> {
    const email = `bench-${kind}-${Date.now().toString(36)}@bench.example`;
    const res = await fetch(`${origin}/login`, {
      method: "POST",
      headers: { origin },
      body: new URLSearchParams({
        intent: "register",
        name: `Bench ${kind}`,
        email,
        password: "bench-password-123",
        confirmPassword: "bench-password-123",
      }),
      redirect: "manual",
    });
    if (res.status !== 302) throw new Error(`registering the ${kind} answered ${res.status}`);
    return email;
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await db.end();
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);

type Run = { ms: number; script: number; render: number };

/** Where the page's main thread has spent its time so far (ms): the interaction's share of each
 *  is the difference around it, everything until its effect showed included (a fetch's answer). */
async function busy(cdp: CDPSession): Promise<{ script: number; render: number }> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const m = (name: string) => (metrics.find((x) => x.name === name)?.value ?? 0) * 1000;
  return { script: m("ScriptDuration"), render: m("RecalcStyleDuration") + m("LayoutDuration") };
}

async function login(request: APIRequestContext, origin: string, email: string) {
  const res = await request.post("/login", {
    form: { intent: "login", email, password: "bench-password-123" },
    headers: { origin },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`signing in ${email} answered ${res.status()}`);
}
