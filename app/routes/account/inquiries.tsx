import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/inquiries";
import { FormError } from "~/components/forms/fields";
import { OwnInquiryItem } from "~/components/inquiries/own-inquiry";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { formAction, type ActionContext } from "~/infra/action.server";
import { keepValues } from "~/infra/form.server";
import type { CoupleAnswerReply } from "~/lib/inquiries";
import { validate, type FieldErrors } from "~/lib/validation/form";
import { coupleAnswerSchema } from "~/lib/validation/inquiry";
import { pageMeta } from "~/lib/seo";
import { checkClaim, claimInquiry } from "~/services/couple-inquiries.server";
import { answerOwnInquiry, listOwnThreads } from "~/services/inquiry-thread.server";

// 'My Inquiries' (issue 23): the inquiries a couple sent while signed in, or added to their
// account from the link in a copy they received as a guest (`?claim=`), newest first, with
// their status and their whole conversation, answered here (issue 41, ADR 037). Opening the link changes nothing (a mail scanner, or someone else signed in, may
// open it: issue 39): the page asks, and its plain form posts the claim.

export const meta: Route.MetaFunction = pageMeta({ title: "My Inquiries", noindex: true });

const claimedMessage = (venueName: string) => `Your inquiry to ${venueName} is in My Inquiries`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const token = new URL(request.url).searchParams.get("claim");
  const [inquiries, claim] = await Promise.all([
    listOwnThreads(app.db, user.id),
    token === null ? null : checkClaim(app, user, token),
  ]);
  return data(
    { inquiries, claim: claim?.ok ? { ...claim, token: token! } : claim },
    { status: claim && !claim.ok ? 400 : 200 },
  );
}

const FAILURES = { answer: "Your answer was not sent", claim: "Your inquiry was not added to your account" };

export const action = formAction({
  failures: FAILURES,
  run: async (ctx) => {
    const { app, actor, values, request } = ctx;
    if (values.intent === "answer") return sendAnswer(ctx);
    const claimed = await claimInquiry(app, actor, values.claim ?? "");
    if (!claimed.ok) return data({ error: claimed.error }, { status: 400 });
    return redirectWithToast(app, request, "/account/inquiries", {
      type: "success",
      message: claimedMessage(claimed.venueName),
    });
  },
});

/** The couple's answer in a thread: a refusal keeps what they wrote beside its inquiry. */
async function sendAnswer({ app, actor, values, reply, answer }: ActionContext) {
  const refuse = (status: number, errors: FieldErrors) =>
    reply<CoupleAnswerReply>(
      {
        ok: false,
        intent: "answer",
        inquiryId: values.inquiryId,
        errors,
        values: keepValues(values),
        toast: { type: "error", message: FAILURES.answer, description: Object.values(errors)[0] },
      },
      status,
    );
  const parsed = validate(coupleAnswerSchema, values);
  if (!parsed.ok) return refuse(400, parsed.errors);
  const sent = await answerOwnInquiry(app, actor, parsed.data.inquiryId, parsed.data.answer);
  if (!sent.ok) return refuse(sent.status, { form: sent.error });
  return answer(
    { type: "success", message: `Your answer was sent to ${sent.venueName}` },
    200,
    "/account/inquiries",
  );
}

export const clientAction = keepWork<Route.ClientActionArgs>(FAILURES, FAILURES.claim);

type Claim = NonNullable<Route.ComponentProps["loaderData"]["claim"]>;

/** The question the claim link asks, or why it cannot be followed. */
function ClaimQuestion({ claim }: { claim: Claim }) {
  const navigation = useNavigation();
  if (!claim.ok) return <FormError message={claim.error} />;
  if (claim.yours)
    return (
      <p role="status" className="text-ink-soft">
        {claimedMessage(claim.venueName)}
      </p>
    );
  return (
    <section
      aria-labelledby="claim-title"
      className="space-y-3 rounded-xl border border-sand bg-cream p-4 sm:p-5"
    >
      <h3 id="claim-title" className="font-sans text-base font-semibold break-words">
        {`Add your inquiry to ${claim.venueName} to this account?`}
      </h3>
      <p className="text-sm text-ink-soft">It then appears here with its status.</p>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="claim" value={claim.token} />
        <Button type="submit" size="sm" pending={navigation.state === "submitting"}>
          Add to My Inquiries
        </Button>
        <Link to="/account/inquiries" className={buttonClass("outline", "sm")}>
          Not now
        </Link>
      </Form>
    </section>
  );
}

export default function MyInquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiries, claim } = loaderData;
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const refused = actionData && "error" in actionData ? actionData.error : null;
  const answerReply = actionData && "inquiryId" in actionData ? (actionData as CoupleAnswerReply) : undefined;
  return (
    <>
      <h2 className="text-2xl">My Inquiries</h2>
      {refused || claim ? (
        <div className="mt-4">
          {refused ? <FormError message={refused} /> : <ClaimQuestion claim={claim!} />}
        </div>
      ) : null}
      {inquiries.length === 0 ? (
        <div className="mt-4 space-y-4 text-muted">
          <p>
            You have not sent any inquiries yet. Ask a venue about your date with &lsquo;Check
            availability&rsquo; on its page.
          </p>
          <Link to="/venues" className={buttonClass("outline", "sm")}>
            Find venues
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-sand">
          {inquiries.map((i) => (
            <OwnInquiryItem key={i.id} inquiry={i} reply={answerReply} />
          ))}
        </ul>
      )}
    </>
  );
}
