import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToast } from "~/components/layout/use-toast";
import { isFailedRequest } from "~/lib/failed-request";
import { applyMove, planMove, type OrderScheme } from "~/lib/faq-order";
import type { Toast } from "~/lib/toast";
import type { Faq } from "~/lib/venue";

/**
 * A venue's FAQs in the order shown, moved one place up or down (the admin's screen and the
 * manager's FAQs tab; spec section 4, 'FAQ ordering'): the list changes at once and the move is
 * saved by the page's action with `fields` (its intent, the FAQ, the direction). A refused move
 * reloads the true order (an action answered 4xx/5xx does not revalidate by itself); a move whose
 * request failed saved nothing, so the order goes back to the loaded one.
 */
export function useFaqOrder(
  faqs: Faq[],
  scheme: OrderScheme,
  fields: (faqId: string, direction: "up" | "down") => Record<string, string>,
) {
  const revalidator = useRevalidator();
  const [shown, setShown] = useState({ from: faqs, list: faqs });
  if (shown.from !== faqs) setShown({ from: faqs, list: faqs });
  const mover = useFetcher<{ ok: boolean; toast?: Toast }>();
  useToast(mover.data?.toast);
  const [reply, setReply] = useState(mover.data);
  // Set with the new order, in the same render: the fetcher's own state comes in a later one (a
  // transition), and until then a second press would send a second move while the first is out.
  const [sent, setSent] = useState(false);
  if (sent && mover.state !== "idle") setSent(false);
  if (mover.data !== reply) {
    setReply(mover.data);
    if (isFailedRequest(mover.data)) setShown({ from: faqs, list: faqs });
    else if (mover.data && !mover.data.ok) void revalidator.revalidate();
  }
  const move = (id: string, direction: "up" | "down") => {
    const writes = planMove(shown.list, id, direction, scheme);
    if (!writes) return;
    setShown({ from: faqs, list: applyMove(shown.list, writes) });
    setSent(true);
    void mover.submit(fields(id, direction), { method: "post", preventScrollReset: true });
  };
  return { order: shown.list, moving: sent || mover.state !== "idle", move };
}
