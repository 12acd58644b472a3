import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { Refusal } from "~/lib/refusal";
import { formAction } from "./action.server";
import { appContext, userContext, type AppContext } from "./context.server";

// The envelope's contract (ADR 036): what each route's integration tests assert through it.

const schema = z.object({ intent: z.literal("save"), name: z.string().check(z.minLength(1, "Name it")) });
const FAILURES = { save: "Failed to save" };

function setup() {
  const errors: [string, Record<string, unknown>][] = [];
  const app = {
    logger: { error: vi.fn((msg: string, data: Record<string, unknown>) => errors.push([msg, data])) },
  };
  const context = new RouterContextProvider();
  context.set(appContext, app as unknown as AppContext);
  context.set(userContext, { id: "u1", name: "A", email: "a@x.test", avatarUrl: null, role: "admin" });
  const args = (form: Record<string, string>) => ({
    request: new Request("http://x.test/things/7", { method: "POST", body: new URLSearchParams(form) }),
    params: { thingId: "7" },
    context,
  });
  return { errors, args };
}

describe("formAction", () => {
  const action = formAction({
    schema,
    failures: FAILURES,
    log: "thing change",
    logged: ({ params }) => ({ thingId: params.thingId }),
    run: async ({ input, done, fail }) => {
      if (input.name === "taken") return fail(409, "That name is taken", { target: "name" });
      if (input.name === "refuse") throw new Refusal(403, "Not yours");
      if (input.name === "break") throw new Error("disk full");
      return done("Saved", { target: input.name });
    },
  });

  it("answers a valid form with the route's reply", async () => {
    const { args } = setup();
    const reply = await action(args({ intent: "save", name: "Hall" }));
    expect(reply).toMatchObject({
      data: { ok: true, intent: "save", target: "Hall", toast: { type: "success", message: "Saved" } },
      init: { status: 200 },
    });
  });

  it("refuses an invalid form with its field errors and the values (400)", async () => {
    const { args } = setup();
    const reply = await action(args({ intent: "save", name: "" }));
    expect(reply).toMatchObject({ data: { ok: false, errors: { name: "Name it" } }, init: { status: 400 } });
  });

  it("titles a refusal with the intent's failure", async () => {
    const { args } = setup();
    const reply = await action(args({ intent: "save", name: "taken" }));
    expect(reply).toMatchObject({
      data: {
        ok: false,
        intent: "save",
        target: "name",
        toast: { message: "Failed to save", description: "That name is taken" },
      },
      init: { status: 409 },
    });
  });

  it("passes a Refusal on as the data() answer it stands for", async () => {
    const { args, errors } = setup();
    const thrown = await action(args({ intent: "save", name: "refuse" })).catch((e: unknown) => e);
    expect(thrown).not.toBeInstanceOf(Refusal);
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      data: { error: "Not yours" },
      init: { status: 403 },
    });
    expect(errors).toEqual([]);
  });

  it("logs a fault with the intent and the route's fields, and answers 500", async () => {
    const { args, errors } = setup();
    const reply = await action(args({ intent: "save", name: "break" }));
    expect(reply).toMatchObject({
      data: { ok: false, toast: { description: "Unknown error" } },
      init: { status: 500 },
    });
    expect(errors).toEqual([
      ["thing change failed", { intent: "save", thingId: "7", error: "Error: disk full" }],
    ]);
  });

  it("without `log`, lets a fault go on to the error page", async () => {
    const { args } = setup();
    const bare = formAction({ run: async () => Promise.reject(new Error("boom")) });
    await expect(bare(args({ intent: "save" }))).rejects.toThrow("boom");
  });

  it("answers `before` without reading the body", async () => {
    const { args } = setup();
    const guarded = formAction({ before: () => "refused" as const, run: async () => "ran" as const });
    const request = args({}).request;
    expect(await guarded({ ...args({}), request })).toBe("refused");
    expect(request.bodyUsed).toBe(false);
  });
});
