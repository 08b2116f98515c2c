// Messages the console's document calls send (see server.en.ts, which spreads these in).
import type { Template } from '../format';

export const serverConsoleDocumentsEn = {
  'documents.staleVersion':
    'Someone else saved this document after you opened it (now version {current}). Reload it to see their changes; copy your text first.',
  'documents.notDraft': 'This document is {status}: an editor changes it, or unpublishes it back to a draft.',
  'documents.alreadyPublished': 'This document is already published.',
  'documents.notPublished': 'This document is not published.',
  'documents.noVersion': 'no such version of this document',
  'documents.dirNotEmpty':
    'This directory still holds {documents} document(s) and {dirs} directory(ies): move or delete them first.',
  'documents.dirUnderItself': 'cannot be the directory itself or one beneath it',
  'documents.notYourUpload': 'is not a file you uploaded',
  'documents.noAttachment': 'is not an attachment of this document',
  'documents.orderMismatch': 'must name every attachment of this document once',
  'documents.fileMissing': 'the uploaded file is no longer in storage; upload it again',
} as const satisfies Record<string, Template>;
