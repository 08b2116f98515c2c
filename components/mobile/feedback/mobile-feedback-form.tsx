'use client';

import {
  Button,
  Checkbox,
  Form,
  ImageUploader,
  Input,
  Result,
  Selector,
  TextArea,
  Toast,
  type ImageUploadItem,
} from 'antd-mobile';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { feedbackFieldRules } from '@/components/shared/feedback/field-rules';
import { localName } from '@/lib/shared/names';
import {
  IMAGE_ACCEPT,
  MAX_IMAGE_BYTES,
  isAcceptedImage,
  useFeedbackForm,
} from '@/components/shared/feedback/use-feedback-form';
import {
  MAX_FEEDBACK_CONTENT,
  MAX_FEEDBACK_IMAGES,
  MAX_FEEDBACK_TITLE,
  type FeedbackDetailDTO,
} from '@/lib/api/schemas/feedback';
import { RequestError } from '@/lib/api/request-error';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import s from './mobile-feedback.module.css';

type Values = {
  plaformKey?: string[];
  typeId?: string[];
  regionCode?: string[];
  title: string;
  content: string;
  contactPhone: string;
  notifySms?: boolean;
};

const pick = (message: string) => ({
  validator: (_: unknown, v: unknown) =>
    Array.isArray(v) && v.length ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** The feedback form of the mobile sheet: the same fields as the desktop modal, in antd-mobile. */
export function MobileFeedbackForm({ onClose }: { onClose: () => void }) {
  const t = useT('feedback');
  const rules = feedbackFieldRules(t, { picker: true });
  const locale = useLocale();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const f = useFeedbackForm();
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(0);
  const [sent, setSent] = useState<FeedbackDetailDTO | null>(null);
  const regions = f.regions.data ?? [];

  if (sent) {
    return (
      <div className={s.center}>
        <Result status="success" title={t.sent} description={t.sentBody} />
        <div className={s.stack}>
          <Button
            block
            color="primary"
            onClick={() => {
              onClose();
              router.push(`/mobileFeedback/${sent.id}`);
            }}
          >
            {t.viewIt}
          </Button>
          <Button
            block
            onClick={() => {
              setSent(null);
              setImages([]);
              form.resetFields(['title', 'content']);
            }}
          >
            {t.sendAnother}
          </Button>
        </div>
      </div>
    );
  }

  const onFinish = (v: Values) => {
    if (uploading > 0) {
      Toast.show({ content: t.uploading });
      return;
    }
    const keys = images.map((i) => (i.extra as { key?: string } | undefined)?.key).filter((k): k is string => !!k);
    f.submit.mutate(
      {
        body: {
          plaformKey: v.plaformKey?.[0] ?? '',
          typeId: v.typeId?.[0] ?? '',
          regionCode: v.regionCode?.[0],
          title: v.title,
          content: v.content,
          images: keys,
          contactPhone: v.contactPhone,
          notifySms: !!v.notifySms,
        },
        skipErrorHandler: true,
      },
      { onSuccess: (d) => setSent(d) },
    );
  };

  const upload = async (file: File): Promise<ImageUploadItem> => {
    setUploading((n) => n + 1);
    try {
      const stored = await f.upload(file);
      return { url: stored.url, extra: { key: stored.key } };
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: fmt(t.uploadFailed, { msg: e instanceof RequestError ? e.text : String(e) }),
      });
      throw e;
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const submitError =
    f.submit.error instanceof RequestError && f.submit.error.code !== 401 ? f.submit.error.text : null;

  return (
    <Form
      form={form}
      name="mfeedback"
      layout="vertical"
      initialValues={{ contactPhone: f.user?.phone ?? '', plaformKey: f.platformKey ? [f.platformKey] : [] }}
      onFinish={(v: Values) => onFinish(v)}
      onValuesChange={(changed: Partial<Values>) => {
        if ('plaformKey' in changed) {
          f.setPlatformKey(changed.plaformKey?.[0]);
          form.setFieldsValue({ typeId: [], regionCode: [] });
        }
      }}
      footer={
        <>
          {submitError && (
            <p role="alert" className={s.error}>
              {submitError}
            </p>
          )}
          <Button block type="submit" color="primary" size="large" loading={f.submit.isPending}>
            {t.submit}
          </Button>
        </>
      }
    >
      <Form.Item name="plaformKey" label={t.platform} rules={rules.platform}>
        <Selector
          columns={2}
          options={(f.platforms.data ?? []).map((p) => ({ value: p.plaformKey, label: localName(p, locale) }))}
        />
      </Form.Item>
      {f.platformKey && (
        <Form.Item name="typeId" label={t.type} rules={rules.type}>
          <Selector
            columns={2}
            options={(f.types.data ?? []).map((x) => ({ value: x.id, label: localName(x, locale) }))}
          />
        </Form.Item>
      )}
      {f.platformKey && regions.length > 0 && (
        <Form.Item name="regionCode" label={t.region} rules={[pick(t.regionRequired)]}>
          <Selector columns={1} options={regions.map((r) => ({ value: r.regionCode, label: localName(r, locale) }))} />
        </Form.Item>
      )}
      {f.platformKey && f.regions.isSuccess && regions.length === 0 && <Form.Item>{t.noRegions}</Form.Item>}
      <Form.Item name="title" label={t.title} rules={rules.title}>
        <Input maxLength={MAX_FEEDBACK_TITLE} placeholder={t.titlePlaceholder} clearable />
      </Form.Item>
      <Form.Item name="content" label={t.content} rules={rules.content}>
        <TextArea rows={4} showCount maxLength={MAX_FEEDBACK_CONTENT} placeholder={t.contentPlaceholder} />
      </Form.Item>
      <Form.Item label={t.images} description={fmt(t.imagesHint, { max: MAX_FEEDBACK_IMAGES })}>
        <ImageUploader
          value={images}
          onChange={setImages}
          upload={upload}
          accept={IMAGE_ACCEPT}
          multiple
          maxCount={MAX_FEEDBACK_IMAGES}
          onCountExceed={() => Toast.show({ content: fmt(t.imageLimit, { max: MAX_FEEDBACK_IMAGES }) })}
          beforeUpload={(file) => {
            if (!isAcceptedImage(file)) {
              Toast.show({ content: fmt(t.imageWrongType, { name: file.name }) });
              return null;
            }
            if (file.size > MAX_IMAGE_BYTES) {
              Toast.show({ content: fmt(t.imageTooBig, { name: file.name }) });
              return null;
            }
            return file;
          }}
        />
      </Form.Item>
      <Form.Item name="contactPhone" label={t.contactPhone} rules={rules.contactPhone}>
        <Input type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="notifySms" valuePropName="checked">
        <Checkbox data-testid="feedback-notify-sms">{t.notifySms}</Checkbox>
      </Form.Item>
    </Form>
  );
}
