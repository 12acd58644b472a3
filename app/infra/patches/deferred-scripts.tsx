import { Children, Fragment, cloneElement, isValidElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type AnyProps = Record<string, unknown> & { children?: ReactNode };

/**
 * React Router's <Scripts>, started after the first paint (ADR 017): its module script and
 * preloads are added by a small inline script at the first contentful paint, so the HTML paints
 * with its CSS, fonts and images alone; the hydration data is still set up in place. A patch of
 * react-router@7.18.4 (pinned); page-cache.test.ts ("a page's scripts (ADR 017)") fails if a
 * release changes the shape it reshapes. Isomorphic: the root layout renders it.
 */
export function DeferredScripts(props: ScriptsProps) {
  // Called as a function: its hooks run as this component's, and its elements are reshaped below.
  const tree = Scripts(props) as ReturnType<typeof Scripts> | null;
  if (!isValidElement<AnyProps>(tree)) return null;

  const preloads: string[] = [];
  let start = "";
  const kept: ReactNode[] = [];
  const visit = (nodes: ReactNode) =>
    Children.forEach(nodes, (node) => {
      if (!isValidElement<AnyProps>(node)) return;
      const { rel, href, type, dangerouslySetInnerHTML } = node.props;
      if (node.type === Fragment) visit(node.props.children);
      else if (node.type === "link" && rel === "modulepreload") preloads.push(String(href));
      else if (node.type === "script" && type === "module")
        start = (dangerouslySetInnerHTML as { __html: string }).__html;
      else kept.push(cloneElement(node, { key: kept.length }));
    });
  visit(tree.props.children);

  return (
    <>
      {kept}
      {/* The module script as React Router wrote it, inert here (it imports the route manifest's
          file: ADR 035). */}
      <script type="text/plain" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: start }} />
      <script
        nonce={props?.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: loader(preloads) }}
      />
    </>
  );
}

const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The folder of the build's files: a preload is written without it when every one is in it. */
const ASSETS = "/assets/";

/**
 * The inline script that adds the preloads and the module script once the page has painted, each
 * in a task of its own: starting a request takes a phone a few milliseconds, and seven in one task
 * made a long one. Written short, as it is in every page (issue 42): `g` runs once (it replaces
 * itself), `t` queues a task, `a` appends to the head. Module scripts need a browser with arrow
 * functions and optional chaining, so the loader may use them.
 */
function loader(preloads: string[]): string {
  const folder = preloads.every((h) => h.startsWith(ASSETS)) ? ASSETS : "";
  const files = preloads.map((h) => h.slice(folder.length));
  return `(()=>{let d=document,c=d.currentScript,n=c.nonce,m=c.previousElementSibling.textContent,t=f=>setTimeout(f),a=e=>d.head.appendChild(e),g=()=>{g=()=>{};\
${json(files)}.map(h=>t(()=>{let l=d.createElement("link");l.rel="modulepreload";l.href=${json(folder)}+h;a(l)}));\
t(()=>{let s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=m;a(s)})};\
PerformanceObserver.supportedEntryTypes?.includes("paint")?new PerformanceObserver(l=>l.getEntriesByName("first-contentful-paint").length&&g()).observe({type:"paint",buffered:!0}):requestAnimationFrame(()=>requestAnimationFrame(()=>g()))})()`;
}
