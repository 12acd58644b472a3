// docs/deploy/nginx.conf run on this machine by an unprivileged nginx in a folder of its own: for
// tests/integration/deploy-examples.test.ts and `npm run bench:load -- --servers 2`. The site is
// the shipped file with only what a machine decides changed: where it listens, the app servers'
// ports, the certificate's path (or no TLS).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const SHIPPED_SITE = path.resolve(import.meta.dirname, "../docs/deploy/nginx.conf");

/** The nginx binary on the PATH, or null. */
export function findNginx(): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).concat("/usr/sbin")) {
    const file = path.join(dir, "nginx");
    if (fs.existsSync(file)) return file;
  }
  return null;
}

function replaced(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`docs/deploy/nginx.conf no longer has ${String(pattern)}`);
  return text.replace(pattern, by);
}

/** The shipped site with its certificate and key in `certDir` (fullchain.pem, privkey.pem). */
export function withCertificate(site: string, certDir: string): string {
  return replaced(site, /\/etc\/ssl\/vows-and-vistas\//g, `${certDir}/`);
}

/**
 * The shipped site listening on 127.0.0.1:`port` in front of the app servers on `upstreams`,
 * with TLS from `certDir` or, without one, plain HTTP; the port-80 redirect is left out.
 */
export function localSite(
  site: string,
  opts: { port: number; upstreams: number[]; certDir?: string },
): string {
  const params = /server 127\.0\.0\.1:\d+( [^;]*)?;/.exec(site)?.[1] ?? "";
  let out = replaced(
    site,
    /(\s*server 127\.0\.0\.1:\d+[^;]*;)+/,
    opts.upstreams.map((p) => `\n    server 127.0.0.1:${p}${params};`).join(""),
  );
  out = replaced(out, /(#[^\n]*\n)?server \{\s*listen 80;[\s\S]*?\n\}\n\n/, "");
  out = replaced(out, /\s*listen \[::\]:443[^;]*;/, "");
  out = replaced(
    out,
    /listen 443 ssl( http2)?;/,
    `listen 127.0.0.1:${opts.port}${opts.certDir ? " ssl$1" : ""};`,
  );
  return opts.certDir ? withCertificate(out, opts.certDir) : replaced(out, /\n\s*ssl_[^\n]*/g, "");
}

/** Writes nginx.conf into `dir`: everything nginx keeps (pid, logs, temporary files) stays there. */
export function writeMainConfig(dir: string, site: string, workers: number | "auto" = 1): string {
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `    ${kind}_temp_path ${path.join(dir, kind)};`)
    .join("\n");
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    file,
    `worker_processes ${workers};
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
    access_log off;
${temp}
    include ${path.join(dir, "site.conf")};
}
`,
  );
  return file;
}

/** `nginx -t` of a main config: what nginx said, or an error with its words when it refuses it. */
export function checkConfig(nginx: string, dir: string, file: string): string {
  const result = spawnSync(nginx, ["-t", "-p", dir, "-e", path.join(dir, "error.log"), "-c", file], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`nginx -t refused ${file}:\n${result.stderr}`);
  return result.stderr;
}

/** A self-signed certificate for 127.0.0.1 and localhost in `dir` (fullchain.pem, privkey.pem). */
export function selfSignedCertificate(dir: string): { cert: string } {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      path.join(dir, "privkey.pem"),
      "-out",
      path.join(dir, "fullchain.pem"),
    ],
    { stdio: "ignore" },
  );
  return { cert: fs.readFileSync(path.join(dir, "fullchain.pem"), "utf8") };
}

/** Starts nginx in the foreground on a main config; resolves once it accepts connections on `port`. */
export async function startNginx(nginx: string, dir: string, file: string, port: number) {
  const child = spawn(
    nginx,
    ["-p", dir, "-e", path.join(dir, "error.log"), "-c", file, "-g", "daemon off;"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
