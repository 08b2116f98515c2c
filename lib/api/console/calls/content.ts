import { def } from '../../contract-def';
import { savedNewsSchema } from '../../schemas/content';
import {
  consoleArticleSchema,
  consoleNewsPageSchema,
  consoleNewsQueryBody,
  newsIdBody,
  previewLinkSchema,
  newsVersionsSchema,
  publishNewsBody,
  restoreNewsBody,
  saveDraftBody,
  unpublishNewsBody,
} from '../schemas/content';

/**
 * News in the console (docs/console.md "Content"): contributors write drafts, editors publish.
 * Saving goes through the one news service SaveNews uses; each write is audited.
 */
export const contentCalls = {
  ConsoleNewsList: def({
    auth: ['editor', 'contributor'],
    body: consoleNewsQueryBody,
    response: consoleNewsPageSchema,
    summary: 'Console: articles of every status, filtered by status, category and title',
    extra: true,
  }),
  ConsoleNewsGet: def({
    auth: ['editor', 'contributor'],
    body: newsIdBody,
    response: consoleArticleSchema,
    summary: 'Console: one article in both languages, whatever its status',
    extra: true,
  }),
  ConsoleSaveNewsDraft: def({
    auth: ['editor', 'contributor'],
    audit: true,
    body: saveDraftBody,
    response: savedNewsSchema,
    summary: 'Console: create a draft or save one (refused for a published article; version checked)',
    extra: true,
  }),
  ConsolePublishNews: def({
    auth: ['editor'],
    audit: true,
    body: publishNewsBody,
    response: savedNewsSchema,
    summary: 'Console: publish an article now, or schedule it for a time (version checked)',
    extra: true,
  }),
  ConsoleUnpublishNews: def({
    auth: ['editor'],
    audit: true,
    body: unpublishNewsBody,
    response: savedNewsSchema,
    summary: 'Console: take an article (published or scheduled) back to a draft',
    extra: true,
  }),
  ConsoleNewsPreview: def({
    auth: ['editor', 'contributor'],
    body: newsIdBody,
    response: previewLinkSchema,
    summary: 'Console: a short-lived signed link to the article as it will look, whatever its status',
    extra: true,
  }),
  ConsoleNewsVersions: def({
    auth: ['editor', 'contributor'],
    body: newsIdBody,
    response: newsVersionsSchema,
    summary: "Console: an article's saved versions, newest first, from its audit records",
    extra: true,
  }),
  ConsoleRestoreNews: def({
    auth: ['editor'],
    audit: true,
    body: restoreNewsBody,
    response: savedNewsSchema,
    summary: "Console: bring back a version's texts, category and cover as a new version",
    extra: true,
  }),
};
