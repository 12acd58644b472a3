import { redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { SUBMISSION_BODY_LIMIT } from "./body-limits";
import {
  describeFailure,
  failureMessages,
  formatBytes,
  isFailedRequest,
  failureTitle,
  keepWork,
  keepWorkOnFailure,
  measureForm,
  tooLargeMessage,
} from "./failed-request";

const MB = 1024 * 1024;
const photos = (n: number, each: number) => ({ bytes: n * each + 2000, files: n, fileBytes: n * each });
const noFiles = { bytes: 300, files: 0, fileBytes: 0 };
const proxyPage = (status: number, statusText: string) =>
  new ErrorResponse(status, statusText, "<html><body><h1>Error</h1></body></html>");

describe("formatBytes", () => {
  it("writes sizes as people read them", () => {
    expect(formatBytes(38 * MB)).toBe("38 MB");
    expect(formatBytes(SUBMISSION_BODY_LIMIT)).toBe("56 MB");
    expect(formatBytes(4.8 * MB)).toBe("4.8 MB");
    expect(formatBytes(6 * MB)).toBe("6 MB");
    expect(formatBytes(100 * 1024)).toBe("100 KB");
    expect(formatBytes(12)).toBe("1 KB");
  });
});

describe("tooLargeMessage", () => {
  it("over the server's limit: the size and the limit", () => {
    expect(tooLargeMessage(photos(12, 5 * MB), SUBMISSION_BODY_LIMIT)).toBe(
      "The photos are too large: 60 MB, the limit is 56 MB. Remove some and try again.",
    );
    expect(tooLargeMessage({ bytes: 120 * 1024, files: 0, fileBytes: 0 }, 100 * 1024)).toBe(
      "The form is too large: 120 KB, the limit is 100 KB. Shorten it and try again.",
    );
  });

  it("within it (a proxy on the way took less): the size, the server's limit, what to do", () => {
    expect(tooLargeMessage(photos(8, 4.75 * MB), SUBMISSION_BODY_LIMIT)).toBe(
      "The photos are too large for the connection: 38 MB did not get through, although the server takes up to 56 MB. Send fewer at a time.",
    );
    expect(tooLargeMessage(photos(1, 3 * MB), SUBMISSION_BODY_LIMIT)).toBe(
      "The photo is too large for the connection: 3 MB did not get through, although the server takes up to 56 MB. Please try again later.",
    );
  });
});

describe("describeFailure", () => {
  const limit = SUBMISSION_BODY_LIMIT;

  it("no answer at all (fetch's TypeError) is the network", () => {
    expect(describeFailure(new TypeError("Failed to fetch"), noFiles, limit)).toEqual({
      status: null,
      description: failureMessages.network,
    });
  });

  it("a proxy's 413 names the size and the limit", () => {
    expect(describeFailure(proxyPage(413, "Payload Too Large"), photos(8, 4.75 * MB), limit)).toEqual({
      status: 413,
      description: tooLargeMessage(photos(8, 4.75 * MB), limit),
    });
  });

  it("502, 503 and 504 say the server is not answering", () => {
    for (const status of [502, 503, 504])
      expect(describeFailure(proxyPage(status, "Bad Gateway"), noFiles, limit)).toEqual({
        status,
        description: failureMessages.unavailable,
      });
  });

  it("the server's own refusal says what it said; other statuses name themselves", () => {
    const forbidden = new ErrorResponse(403, "Forbidden", {
      error: "You do not have permission to manage this venue",
    });
    expect(describeFailure(forbidden, noFiles, limit)?.description).toBe(
      "You do not have permission to manage this venue",
    );
    expect(describeFailure(proxyPage(401, "Unauthorized"), noFiles, limit)?.description).toBe(
      failureMessages.signedOut,
    );
    expect(describeFailure(proxyPage(429, "Too Many Requests"), noFiles, limit)?.description).toBe(
      failureMessages.tooMany,
    );
    expect(describeFailure(proxyPage(500, "Internal Server Error"), noFiles, limit)).toEqual({
      status: 500,
      description: failureMessages.serverError(500),
    });
    expect(describeFailure(proxyPage(418, "I'm a teapot"), noFiles, limit)).toEqual({
      status: 418,
      description: failureMessages.refused(418),
    });
  });

  it("an answer that is not the app's (a captive portal's page) could not be read", () => {
    expect(describeFailure(new Error("Unable to decode turbo-stream response"), noFiles, limit)).toEqual({
      status: 502,
      description: failureMessages.unreadable,
    });
  });

  it("an error the action threw is a server error, whatever its type", () => {
    for (const error of [new Error("Unexpected Server Error"), new TypeError("Unexpected Server Error")])
      expect(describeFailure(error, noFiles, limit)).toEqual({
        status: 500,
        description: failureMessages.serverError(500),
      });
  });

  it("a redirect is no failure: the router follows it", () => {
    expect(describeFailure(redirect("/login"), noFiles, limit)).toBeNull();
  });
});

describe("measureForm", () => {
  it("counts the text and the chosen files; an empty file input sends no file", () => {
    const form = new FormData();
    form.append("name", "Aspen Barn");
    form.append("images", new File([new Uint8Array(3000)], "a.jpg"));
    form.append("images", new File([new Uint8Array(2000)], "b.jpg"));
    form.append("logo", new File([], ""));
    expect(measureForm(form)).toEqual({
      bytes: "name".length + "Aspen Barn".length + 2 * "images".length + 5000 + "logo".length,
      files: 2,
      fileBytes: 5000,
    });
  });
});

describe("keepWorkOnFailure", () => {
  const post = (form: FormData, path = "/api/venue-submissions") =>
    new Request(`http://localhost${path}`, { method: "POST", body: form });

  it("passes the server's answer through", async () => {
    const answer = { ok: true };
    expect(
      await keepWorkOnFailure({ request: post(new FormData()), serverAction: async () => answer }, "x"),
    ).toBe(answer);
  });

  it("answers a failure with its status, the form's title and why, measured from what was sent", async () => {
    const form = new FormData();
    form.append("intent", "faq-add");
    form.append("images", new File([new Uint8Array(2 * MB)], "a.jpg"));
    const request = post(form);
    const result = await keepWorkOnFailure(
      {
        request,
        serverAction: async () => {
          await request.formData(); // the router sends the body
          throw proxyPage(413, "Payload Too Large");
        },
      },
      (f) => `Failed: ${String(f.get("intent"))}`,
    );
    expect(isFailedRequest(result)).toBe(false);
    expect(result).toMatchObject({
      init: { status: 413 },
      data: {
        ok: false,
        failedRequest: { status: 413 },
        toast: {
          type: "error",
          message: "Failed: faq-add",
          description:
            "The photo is too large for the connection: 2 MB did not get through, although the server takes up to 56 MB. Please try again later.",
        },
      },
    });
    expect(isFailedRequest((result as { data: unknown }).data)).toBe(true);
  });

  it("no answer is a 503, so the router does not reload the page's data", async () => {
    const result = await keepWorkOnFailure(
      {
        request: post(new FormData(), "/venue-manager/edit-venue/1"),
        serverAction: () => Promise.reject(new TypeError("Failed to fetch")),
      },
      "Failed to update venue",
    );
    expect(result).toMatchObject({
      init: { status: 503 },
      data: { failedRequest: { status: null }, toast: { description: failureMessages.network } },
    });
  });

  it("rethrows a redirect, and a request the router cancelled", async () => {
    const to = redirect("/login");
    await expect(
      keepWorkOnFailure({ request: post(new FormData()), serverAction: () => Promise.reject(to) }, "x"),
    ).rejects.toBe(to);
    const controller = new AbortController();
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: new FormData(),
      signal: controller.signal,
    });
    controller.abort();
    const aborted = new DOMException("aborted", "AbortError");
    await expect(
      keepWorkOnFailure({ request, serverAction: () => Promise.reject(aborted) }, "x"),
    ).rejects.toBe(aborted);
  });
});

describe("keepWork and failureTitle (ADR 036)", () => {
  const FAILURES = { add: "Failed to add FAQ", delete: "Failed to delete FAQ" };

  it("titles by the intent, with the fallback for an unknown one", () => {
    expect(failureTitle(FAILURES, "add")).toBe("Failed to add FAQ");
    expect(failureTitle(FAILURES, "toString", "Failed to save FAQ")).toBe("Failed to save FAQ");
    expect(failureTitle(FAILURES, undefined)).toBe("Unknown action");
    expect(failureTitle("Failed to update password", "any")).toBe("Failed to update password");
  });

  it("is a clientAction whose failure toast is the sent form's title", async () => {
    const form = new FormData();
    form.append("intent", "delete");
    const request = new Request("http://localhost/admin/venues/1/faqs", { method: "POST", body: form });
    const clientAction = keepWork<{ request: Request; serverAction: () => Promise<{ ok: true }> }>(FAILURES);
    const result = await clientAction({
      request,
      serverAction: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(result).toMatchObject({
      init: { status: 503 },
      data: { ok: false, toast: { message: "Failed to delete FAQ", description: failureMessages.network } },
    });
  });
});
