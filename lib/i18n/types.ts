import type { Plural } from './format';
import type { en } from './messages/core.en';

/**
 * The shape of a translation of `T` (an English dictionary): the same keys, any wording, and a
 * plural where English has one (with the forms its language needs: Chinese has only `other`).
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends Plural ? Plural : Translation<T[K]>;
};

/** Every locale has exactly the English keys (object literals reject extras, the type requires all). */
export type Messages = Translation<typeof en>;
export type Namespace = keyof Messages;
/** What a client island receives: only the namespaces it needs. */
export type ClientMessages = Partial<Messages>;
export type SectionId = keyof Messages['sections'];
