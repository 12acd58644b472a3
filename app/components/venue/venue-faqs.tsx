import type { Faq } from "~/lib/venue";

/**
 * Exclusive accordion from native <details name=...>: opening one closes the others, works
 * without JavaScript, and every answer is in the server-rendered HTML.
 */
export function VenueFaqs({ faqs }: { faqs: Pick<Faq, "question" | "answer">[] }) {
  if (faqs.length === 0) {
    return (
      <div className="rounded-xl bg-cream px-6 py-10 text-center">
        <h3 className="text-xl">No FAQs Available</h3>
        <p className="mt-1 text-ink-soft">This venue hasn't added any frequently asked questions yet</p>
      </div>
    );
  }
  return (
    <div className="divide-y divide-sand rounded-xl border border-sand bg-white">
      {faqs.map((f, i) => (
        <details key={i} name="venue-faq" className="px-5">
          {/* The chevron is the question's ::after (app/styles/venue-page.css). */}
          <summary className="faq-q">{f.question}</summary>
          <p className="faq-a">{f.answer}</p>
        </details>
      ))}
    </div>
  );
}
