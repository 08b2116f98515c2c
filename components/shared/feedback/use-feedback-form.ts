'use client';

import { useCallback, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { getQueryClient } from '@/lib/api/query-client';
import { isStaleGrantError, uploadFile, type StoredFile } from '@/lib/api/upload';
import type { UploadGrant } from '@/lib/api/schemas/user';
import { useUserInfo } from '@/stores/user-info';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));
export const isAcceptedImage = (f: { type: string }) => IMAGE_TYPES.has(f.type);

const STATIC = { staleTime: 5 * 60_000 };

/**
 * Uploads feedback images with one UpLoadFileAuths grant (purpose feedback); when
 * that grant can take no more (expired, full), a fresh one takes over. The server
 * spends every grant the feedback's images came from.
 */
function useGrantUploader() {
  const grant = useRef<Promise<UploadGrant> | null>(null);
  const fresh = useCallback(() => {
    const p = api.UpLoadFileAuths({ query: { purpose: 'feedback' }, skipErrorHandler: true });
    grant.current = p;
    p.catch(() => {
      if (grant.current === p) grant.current = null;
    });
    return p;
  }, []);
  const upload = useCallback(
    async (file: File): Promise<StoredFile> => {
      const g = await (grant.current ?? fresh());
      try {
        return await uploadFile(g, file, file.name);
      } catch (e) {
        if (!isStaleGrantError(e)) throw e;
        return uploadFile(await fresh(), file, file.name);
      }
    },
    [fresh],
  );
  const reset = useCallback(() => {
    grant.current = null;
  }, []);
  return { upload, reset };
}

/** What both feedback modals need: the platform, its types and the user's regions, uploads, and the submit call. */
export function useFeedbackForm() {
  const user = useUserInfo((st) => st.user);
  // The platform the user came from is the likeliest one.
  const [platformKey, setPlatformKey] = useState<string | undefined>(() => user?.sourcePlaformCode ?? undefined);
  const platforms = useApiQuery('QueryPlatformDataList', {}, STATIC);
  const types = useApiQuery(
    'QueryInfoFeedbackTypeDataList',
    { query: { plaformKey: platformKey ?? '' } },
    { ...STATIC, enabled: !!platformKey },
  );
  const regions = useApiQuery(
    'QueryUserPlatformRegion',
    { query: { plaformKey: platformKey ?? '' } },
    { enabled: !!platformKey && !!user },
  );
  const uploader = useGrantUploader();
  const submit = useApiMutation('AddInfoFeedback', {
    onSuccess: () => {
      uploader.reset();
      void getQueryClient().invalidateQueries({ queryKey: ['QueryUserFeedbackForPage'] });
    },
  });
  return {
    user,
    platformKey,
    setPlatformKey,
    platforms,
    types,
    regions,
    upload: uploader.upload,
    resetUploads: uploader.reset,
    submit,
  };
}
