import type { en } from './messages/core.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Every locale has exactly the English keys (object literals reject extras, the type requires all). */
export type Messages = Shape<typeof en>;
export type Namespace = keyof Messages;
/** What a client island receives: only the namespaces it needs. */
export type ClientMessages = Partial<Messages>;
export type SectionId = keyof Messages['sections'];
