import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { Refusal, isFault, isThrownAnswer } from "./refusal";

// Pins what lib/refusal.ts relies on: React Router answers a thrown Refusal as it answers a thrown
// data({ error }, { status }), from a loader and from an action.
describe("Refusal", () => {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => {
        throw new Refusal(403, "No entry");
      },
      action: () => {
        throw new Refusal(404, "Venue not found", "venueId");
      },
    },
  ]);

  it("answers a loader's refusal with its status and { error }", async () => {
    const context = await handler.query(new Request("http://x.test/"));
    if (context instanceof Response) throw new Error("expected a context");
    expect(context.statusCode).toBe(403);
    const error = context.errors?.root;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, data: { error: "No entry" } });
  });

  it("answers an action's refusal the same way, without its field", async () => {
    const context = await handler.query(new Request("http://x.test/", { method: "POST", body: "" }));
    if (context instanceof Response) throw new Error("expected a context");
    expect(context.statusCode).toBe(404);
    expect(context.errors?.root).toMatchObject({ status: 404, data: { error: "Venue not found" } });
  });

  it("is an answer to pass on, not a fault to log", () => {
    const refusal = new Refusal(403, "No");
    expect(refusal).toBeInstanceOf(Error);
    expect(isThrownAnswer(refusal)).toBe(true);
    expect(isFault(refusal)).toBe(false);
    expect(isFault(new Error("broken"))).toBe(true);
    expect(isThrownAnswer(new Response(null, { status: 302 }))).toBe(true);
  });
});
