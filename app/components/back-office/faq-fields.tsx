import type { ReactNode } from "react";
import { Field, TextareaField } from "~/components/forms/fields";
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX } from "~/lib/validation/admin";

export type FaqDraft = { question: string; answer: string };
export const EMPTY_FAQ: FaqDraft = { question: "", answer: "" };

/**
 * A FAQ's Question and Answer fields, held by the caller (admin and manager forms alike).
 * `named` posts them with their form as `question` and `answer`.
 */
export function FaqFields({
  value,
  onChange,
  named = false,
  errors = {},
  answerDescription,
}: {
  value: FaqDraft;
  onChange: (next: FaqDraft) => void;
  named?: boolean;
  errors?: { question?: string; answer?: string };
  answerDescription?: ReactNode;
}) {
  return (
    <>
      <Field
        label="Question"
        name={named ? "question" : undefined}
        value={value.question}
        onChange={(e) => onChange({ ...value, question: e.target.value })}
        maxLength={FAQ_QUESTION_MAX}
        autoComplete="off"
        error={errors.question}
      />
      <TextareaField
        label="Answer"
        name={named ? "answer" : undefined}
        rows={4}
        value={value.answer}
        onChange={(e) => onChange({ ...value, answer: e.target.value })}
        maxLength={FAQ_ANSWER_MAX}
        error={errors.answer}
        description={answerDescription}
      />
    </>
  );
}
