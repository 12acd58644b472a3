import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, csvImports, venues, venueTrash } from "../../database/schema";
import { activityLine } from "../../app/lib/activity";
import { toAppUser, type AppUser } from "../../app/lib/user";
import * as undoRoute from "../../app/routes/admin/import-undo";
import * as venuesRoute from "../../app/routes/admin/venues";
import { listVenuesForAdmin } from "../../app/services/admin-venues.server";
import { activityPage } from "../../app/services/audit.server";
import { importUndoInfo, listImportChoices, undoImport } from "../../app/services/import-undo.server";
import { importBatchSize, previewImport, runImport } from "../../app/services/imports.server";
import { csvFile, expectOk } from "../setup/csv-import";
import { createCategory, createVenue } from "../setup/factories";
import { nonAdmins } from "../setup/guard-runner";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { importHeldAfterFirstBatch } from "../setup/held-import";
import { run, type TestApp } from "../setup/test-app";

// The undo of a CSV import (issue 22, item 7; ADR 023), the list's 'imported by file' filter
// (item 8) and Recent Activity's one entry per import (item 9). An undo removes exactly the
// venues the import added (to the trash) and gives the venues it updated their previous values
// back, unless edited since (kept, and named); a second undo says it was done; an undo while the
// import runs stops it. Admins only.

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;

const csv = (name: string, lines: string[]) =>
  csvFile(name, ["name,description,location,region,category,phone,capacity", ...lines]);

async function importFile(file: { name: string; bytes: Uint8Array }, app = t.app) {
  const { preview } = expectOk(await previewImport(t.db, adminUser, file));
  return expectOk(await runImport(app, adminUser, file, preview.token)).summary;
}

const row = async (id: string) => (await t.db.select().from(venues).where(eq(venues.id, id)))[0];

/** A venue as stored, without the time of its last change (an undo writes that too). */
const stored = async (id: string) => {
  const r = await row(id);
  if (!r) return r;
  const { updatedAt: _, ...rest } = r;
  return rest;
};

const loc = (n: number) => `${n} Main St, Boulder, Colorado 80302`;

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    admin = await t.signUp({ role: "admin", name: "Ivy Importer" });
    adminUser = toAppUser({ id: admin.id, name: "Ivy Importer", email: admin.email, role: "admin" });
    await createCategory(t.db, { name: "Barn" });
  },
  { timeout: 120_000 },
);

describe("undo of an import", () => {
  it("an undo of an import removes exactly its rows and restores updated values", async () => {
    const desc = "A lovely place for a wedding with mountain views in every direction.";
    const alpine = await createVenue(t.db, {
      name: "Alpine Hall",
      location: loc(11),
      phone: "(303) 555-0100",
      capacity: 120,
    });
    const birch = await createVenue(t.db, { name: "Birch Hall", location: loc(12), phone: "(303) 555-0200" });
    const cedar = await createVenue(t.db, { name: "Cedar Hall", location: loc(13) });
    const before = {
      alpine: await stored(alpine.id),
      birch: await stored(birch.id),
      cedar: await stored(cedar.id),
    };

    const summary = await importFile(
      csv("spring.csv", [
        `New One,${desc},"${loc(21)}",Front Range North,Barn,,`,
        `New Two,${desc},"${loc(22)}",Front Range North,Barn,,`,
        `Alpine Hall,${desc},"${loc(11)}",Front Range North,Barn,(303) 555-0199,200`,
        `Birch Hall,${desc},"${loc(12)}",Front Range North,Barn,(303) 555-0299,`,
      ]),
    );
    expect(summary).toMatchObject({ added: 2, updated: 2 });
    const added = summary.rows.filter((r) => r.outcome === "added").map((r) => r.venueId!);
    expect(await row(alpine.id)).toMatchObject({ phone: "(303) 555-0199", capacity: 200 });

    // The list's 'imported by file' filter: exactly what the import added or updated.
    const filtered = await listVenuesForAdmin(t.db, adminUser, { importId: summary.importId });
    expect(filtered.venues.map((v) => v.name)).toEqual(["Alpine Hall", "Birch Hall", "New One", "New Two"]);
    // The other tests' imports may be listed too: this file's choice is there once.
    const choices = await listImportChoices(t.db, adminUser);
    expect(choices.filter((c) => c.fileName === "spring.csv")).toEqual([
      expect.objectContaining({ id: summary.importId, fileName: "spring.csv", venues: 4 }),
    ]);

    // Recent Activity: one entry for the import, with its file, counts and the admin's name.
    const { entries } = await activityPage(t.db, adminUser, { pageSize: 20 });
    const ours = (e: { action: string; targetId: string | null }, action: string) =>
      e.action === action && e.targetId === summary.importId;
    const entry = entries.find((e) => ours(e, "venue.import"))!;
    expect(entries.filter((e) => ours(e, "venue.import"))).toHaveLength(1);
    expect(activityLine(entry)).toEqual({
      headline: "Imported 4 venues",
      rest: "from spring.csv (2 added, 2 updated)",
    });
    expect(entry).toMatchObject({
      actorName: "Ivy Importer",
      import: { id: summary.importId, fileName: "spring.csv", undoneAt: null, undoable: true },
    });
    expect(await importUndoInfo(t.db, adminUser, summary.importId)).toMatchObject({ added: 2, updated: 2 });

    // Birch's phone, which the import changed, is edited since: the undo keeps Birch as it is.
    await t.db.update(venues).set({ phone: "(720) 555-0777" }).where(eq(venues.id, birch.id));
    const birchNow = await stored(birch.id);

    const undone = expectOk(await undoImport(t.app, adminUser, summary.importId));
    expect(undone.result).toEqual({
      fileName: "spring.csv",
      trashed: 2,
      restored: 1,
      edited: ["Birch Hall"],
      gone: 0,
    });
    expect(undone.message).toBe("Undid the import of spring.csv");
    expect(undone.description).toBe(
      "2 venues it added moved to the trash; 1 venue it changed got their previous values back; 1 venue was edited since the import and kept as it is: Birch Hall.",
    );
    expect(await t.db.select({ id: venues.id }).from(venues).where(inArray(venues.id, added))).toEqual([]);
    const trashed = await t.db.select().from(venueTrash).where(inArray(venueTrash.venueId, added));
    expect(trashed.map((r) => r.importId)).toEqual([summary.importId, summary.importId]);
    expect(await stored(alpine.id)).toEqual(before.alpine);
    expect(await stored(birch.id)).toEqual(birchNow);
    expect(await stored(cedar.id)).toEqual(before.cedar);
    expect((await listVenuesForAdmin(t.db, adminUser, { importId: summary.importId })).total).toBe(0);

    // Twice: it says when, and by whom, and changes nothing.
    const again = await undoImport(t.app, adminUser, summary.importId);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(!again.ok && again.error).toMatch(/^This import was already undone on .+ by Ivy Importer\.$/);

    const after = (await activityPage(t.db, adminUser, { pageSize: 20 })).entries;
    expect(after.find((e) => ours(e, "venue.import"))!.import).toMatchObject({
      undoneBy: "Ivy Importer",
      undoneAt: expect.any(String),
      undoable: false,
    });
    const undoEntry = after.find((e) => ours(e, "venue.import_undo"))!;
    expect(activityLine(undoEntry)).toEqual({
      headline: "Undid the import of spring.csv",
      rest: "2 venues moved to the trash, 1 venue given their previous values back, 1 venue edited since kept",
    });
  });

  it("an import that wrote nothing, or an unknown one, has nothing to undo", async () => {
    const summary = await importFile(
      csv("empty.csv", [`No Type,Desc,"${loc(31)}",Front Range North,Castle,,`]),
    );
    expect(summary).toMatchObject({ added: 0, updated: 0 });
    expect(await undoImport(t.app, adminUser, summary.importId)).toEqual({
      ok: false,
      status: 409,
      error: "This import changed no venue that can be undone",
    });
    expect(await undoImport(t.app, adminUser, crypto.randomUUID())).toMatchObject({ status: 404 });
    expect(await undoImport(t.app, adminUser, "nope")).toMatchObject({ status: 404 });
  });

  it("an undo that starts while the import runs stops the import, and takes back what it had written", async () => {
    const batch = importBatchSize(t.database.kind);
    const file = csv(
      "running.csv",
      Array.from(
        { length: batch + 5 },
        (_, i) => `Running ${i},Desc,"${loc(100 + i)}",Front Range North,Barn,,`,
      ),
    );
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    // The second batch's addresses wait to be placed until the undo is done.
    const { running, firstBatch, release } = importHeldAfterFirstBatch(t, adminUser, file, preview.token);
    await firstBatch;
    const [record] = await t.db.select().from(csvImports).where(eq(csvImports.fileName, "running.csv"));
    const undone = expectOk(await undoImport(t.app, adminUser, record!.id));
    expect(undone.result).toMatchObject({ trashed: batch, restored: 0, edited: [], gone: 0 });
    release();
    expect(await running).toEqual({
      ok: false,
      error: "The import was undone while it ran",
      detail: `It stopped; the ${batch} rows it had written before are part of the undo.`,
    });
    const left = await t.db
      .select({ id: venues.id })
      .from(venues)
      .where(inArray(venues.name, ["Running 0", `Running ${batch}`]));
    expect(left).toEqual([]);
  });
});

describe("from Recent Activity", () => {
  it("the undo's page asks; its post goes back with a flash; a fetcher gets the toast", async () => {
    const summary = await importFile(
      csv("page.csv", [`Page Barn,Desc,"${loc(41)}",Front Range North,Barn,,`]),
    );
    const path = `/admin/imports/${summary.importId}/undo`;
    const page = await run(async () =>
      undoRoute.loader(
        await t.args(t.request(`${path}?returnTo=%2Fadmin%2Factivity%3Fpage%3D2`, { cookie: admin.cookie }), {
          importId: summary.importId,
        }),
      ),
    );
    expect(page.data).toMatchObject({
      info: { fileName: "page.csv", added: 1, updated: 0, actorName: "Ivy Importer", undoneAt: null },
      returnTo: "/admin/activity?page=2",
    });
    const req = t.request(path, { form: { returnTo: "/admin/activity?page=2" }, cookie: admin.cookie });
    req.headers.set("accept", "text/html");
    const posted = await run(async () => undoRoute.action(await t.args(req, { importId: summary.importId })));
    expect(posted.status).toBe(302);
    expect(posted.response!.headers.get("location")).toBe("/admin/activity?page=2");
    expect(posted.response!.headers.get("set-cookie")).toMatch(/vv_flash=/);
    const again = await run(async () =>
      undoRoute.action(
        await t.args(t.request(path, { form: { returnTo: "https://evil.example/" }, cookie: admin.cookie }), {
          importId: summary.importId,
        }),
      ),
    );
    expect(again).toMatchObject({ status: 409, data: { ok: false, toast: { type: "error" } } });
  });

  it("the list's filter keeps its other parameters and lists the import's venues", async () => {
    const summary = await importFile(
      csv("filter.csv", [`Filter Barn,Desc,"${loc(51)}",Front Range North,Barn,,`]),
    );
    const list = await run(async () =>
      venuesRoute.loader(
        await t.args(
          t.request(`/admin/venues?import=${summary.importId}&q=filter`, { cookie: admin.cookie }),
        ),
      ),
    );
    expect(list.data).toMatchObject({
      params: { importId: summary.importId, q: "filter" },
      list: { total: 1, venues: [{ name: "Filter Barn" }] },
    });
    const bad = await run(async () =>
      venuesRoute.loader(await t.args(t.request(`/admin/venues?import=%00nope`, { cookie: admin.cookie }))),
    );
    expect(bad.data).toMatchObject({ params: { importId: null } });
    // The export follows the filter.
    const res = await http.fetch(`/admin/venues/export.csv?import=${summary.importId}`, {
      cookie: admin.cookie,
    });
    const lines = (await res.text()).trim().split(/\r\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Filter Barn,/);
  });

  it("the activity page lists every entry, a page at a time", async () => {
    // An import of its own, the newest entry, whichever tests ran before.
    await importFile(csv("activity.csv", [`Activity Barn,Desc,"${loc(71)}",Front Range North,Barn,,`]));
    const res = await http.fetch("/admin/activity", { cookie: admin.cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Imported 1 venue");
    expect(html).toMatch(
      /<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z"[^>]*>[A-Z][a-z]{2} \d+, \d{4}, \d+:\d\d [AP]M UTC</,
    );
  });
});

describe("admins only", () => {
  it("the undo refuses users, venue managers and no one; over HTTP 401 and 403; nothing changes", async () => {
    const summary = await importFile(
      csv("guarded.csv", [`Guarded Barn,Desc,"${loc(61)}",Front Range North,Barn,,`]),
    );
    for (const who of [
      { ...adminUser, role: "user" as const },
      { ...adminUser, role: "venue_manager" as const },
      null,
    ]) {
      await expect(undoImport(t.app, who, summary.importId)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(importUndoInfo(t.db, who, summary.importId)).rejects.toMatchObject({
        init: { status: 403 },
      });
      await expect(activityPage(t.db, who, { pageSize: 5 })).rejects.toMatchObject({ init: { status: 403 } });
    }
    for (const [cookie, status] of await nonAdmins(t)) {
      const res = await http.fetch(`/admin/imports/${summary.importId}/undo`, {
        method: "POST",
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ returnTo: "/admin/dashboard" }),
      });
      expect(res.status).toBe(status);
      await res.body?.cancel();
    }
    const [r] = await t.db.select().from(venues).where(eq(venues.name, "Guarded Barn"));
    expect(r).toBeDefined();
    const [rec] = await t.db.select().from(csvImports).where(eq(csvImports.id, summary.importId));
    expect(rec!.undoneAt).toBeNull();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, summary.importId))).toEqual([
      expect.objectContaining({ action: "venue.import" }),
    ]);
  });
});
