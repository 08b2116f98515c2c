import { fmt } from '@/lib/i18n/format';
import { addFeedbackFields, MAX_FEEDBACK_CONTENT } from '@/lib/api/schemas/feedback';
import { schemaRules } from '@/lib/api/form-rules';
import type { Messages } from '@/lib/i18n/types';

const field = addFeedbackFields.shape;
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * The feedback form's rules (desktop modal and mobile sheet), from the AddInfoFeedback schema.
 * `mark` shows the required marker, as the desktop form does for every field; the mobile pickers
 * hold arrays and show none.
 */
export function feedbackFieldRules(t: Messages['feedback'], { picker = false }: { picker?: boolean } = {}) {
  const chosen = picker ? { from: first } : { mark: true };
  const tooLong = fmt(t.contentTooLong, { max: MAX_FEEDBACK_CONTENT });
  return {
    platform: schemaRules(field.plaformKey, { required: t.platformRequired, invalid: t.platformRequired }, chosen),
    type: schemaRules(field.typeId, { required: t.typeRequired, invalid: t.typeRequired }, chosen),
    title: schemaRules(field.title, { required: t.titleRequired, invalid: t.titleRequired }, { mark: true }),
    content: schemaRules(field.content, { required: t.contentRequired, invalid: tooLong }, { mark: true }),
    contactPhone: schemaRules(
      field.contactPhone,
      { required: t.phoneRequired, invalid: t.phoneInvalid },
      { mark: true },
    ),
  };
}
