'use client';

import { Alert, App, Button, Checkbox, Form, Input, Radio, Result, Spin, Upload, type UploadFile } from 'antd';
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
import type { StoredFile } from '@/lib/api/upload';
import { RequestError } from '@/lib/api/request-error';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import s from './feedback.module.css';

type Values = {
  plaformKey?: string;
  typeId?: string;
  regionCode?: string;
  title: string;
  content: string;
  contactPhone: string;
  notifySms?: boolean;
};

/** The feedback form of the desktop modal: platform, type, region, title, description, up to 6 images, phone. */
export function FeedbackForm({ onClose }: { onClose: () => void }) {
  const t = useT('feedback');
  const rules = feedbackFieldRules(t);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const router = useRouter();
  const f = useFeedbackForm();
  const [files, setFiles] = useState<UploadFile<StoredFile>[]>([]);
  const [sent, setSent] = useState<FeedbackDetailDTO | null>(null);
  const regions = f.regions.data ?? [];

  if (sent) {
    return (
      <Result
        status="success"
        title={t.sent}
        subTitle={t.sentBody}
        extra={[
          <Button
            key="view"
            type="primary"
            onClick={() => {
              onClose();
              router.push(`/feedback/${sent.id}`);
            }}
          >
            {t.viewIt}
          </Button>,
          <Button
            key="again"
            onClick={() => {
              setSent(null);
              setFiles([]);
              form.resetFields(['title', 'content']);
            }}
          >
            {t.sendAnother}
          </Button>,
        ]}
      />
    );
  }

  const onFinish = (v: Values) => {
    if (files.some((x) => x.status === 'uploading')) {
      void message.warning(t.uploading);
      return;
    }
    const images = files.filter((x) => x.status === 'done' && x.response).map((x) => x.response!.key);
    f.submit.mutate(
      {
        body: {
          plaformKey: v.plaformKey!,
          typeId: v.typeId!,
          regionCode: v.regionCode,
          title: v.title,
          content: v.content,
          images,
          contactPhone: v.contactPhone,
          notifySms: !!v.notifySms,
        },
        skipErrorHandler: true,
      },
      { onSuccess: (d) => setSent(d) },
    );
  };

  const submitError =
    f.submit.error instanceof RequestError && f.submit.error.code !== 401 ? f.submit.error.text : null;

  return (
    <Spin spinning={f.platforms.isLoading} tip={t.loading}>
      <Form<Values>
        form={form}
        name="feedback"
        layout="vertical"
        requiredMark="optional"
        initialValues={{ contactPhone: f.user?.phone ?? '', plaformKey: f.platformKey }}
        onFinish={onFinish}
        onValuesChange={(changed: Partial<Values>) => {
          if ('plaformKey' in changed) {
            f.setPlatformKey(changed.plaformKey);
            form.setFieldsValue({ typeId: undefined, regionCode: undefined });
          }
        }}
      >
        <Form.Item name="plaformKey" label={t.platform} rules={rules.platform}>
          <Radio.Group
            optionType="button"
            options={(f.platforms.data ?? []).map((p) => ({ value: p.plaformKey, label: localName(p, locale) }))}
          />
        </Form.Item>
        {f.platformKey && (
          <Form.Item name="typeId" label={t.type} rules={rules.type}>
            {f.types.isLoading ? (
              <Spin size="small" />
            ) : (
              <Radio.Group
                optionType="button"
                options={(f.types.data ?? []).map((x) => ({ value: x.id, label: localName(x, locale) }))}
              />
            )}
          </Form.Item>
        )}
        {f.platformKey && regions.length > 0 && (
          <Form.Item name="regionCode" label={t.region} rules={[{ required: true, message: t.regionRequired }]}>
            <Radio.Group options={regions.map((r) => ({ value: r.regionCode, label: localName(r, locale) }))} />
          </Form.Item>
        )}
        {f.platformKey && f.regions.isSuccess && regions.length === 0 && <p className={s.hint}>{t.noRegions}</p>}
        <Form.Item name="title" label={t.title} rules={rules.title}>
          <Input maxLength={MAX_FEEDBACK_TITLE} placeholder={t.titlePlaceholder} />
        </Form.Item>
        <Form.Item name="content" label={t.content} rules={rules.content}>
          <Input.TextArea rows={4} showCount maxLength={MAX_FEEDBACK_CONTENT} placeholder={t.contentPlaceholder} />
        </Form.Item>
        <Form.Item label={t.images} extra={fmt(t.imagesHint, { max: MAX_FEEDBACK_IMAGES })}>
          <Upload<StoredFile>
            listType="picture-card"
            accept={IMAGE_ACCEPT}
            multiple
            maxCount={MAX_FEEDBACK_IMAGES}
            fileList={files}
            beforeUpload={(file, batch) => {
              if (!isAcceptedImage(file)) {
                void message.error(fmt(t.imageWrongType, { name: file.name }));
                return Upload.LIST_IGNORE;
              }
              if (file.size > MAX_IMAGE_BYTES) {
                void message.error(fmt(t.imageTooBig, { name: file.name }));
                return Upload.LIST_IGNORE;
              }
              if (files.length + batch.indexOf(file) >= MAX_FEEDBACK_IMAGES) {
                void message.error(fmt(t.imageLimit, { max: MAX_FEEDBACK_IMAGES }));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              f.upload(file as File).then(
                (stored) => onSuccess?.(stored),
                (e: unknown) => {
                  const msg = e instanceof RequestError ? e.text : String(e);
                  void message.error(fmt(t.uploadFailed, { msg }));
                  onError?.(e instanceof Error ? e : new Error(msg));
                },
              );
            }}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            {files.length < MAX_FEEDBACK_IMAGES && (
              <span className={s.addImage}>
                <span aria-hidden="true">+</span>
                {t.addImage}
              </span>
            )}
          </Upload>
        </Form.Item>
        <Form.Item name="contactPhone" label={t.contactPhone} rules={rules.contactPhone}>
          <Input type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="notifySms" valuePropName="checked">
          <Checkbox data-testid="feedback-notify-sms">{t.notifySms}</Checkbox>
        </Form.Item>
        {submitError && <Alert type="error" showIcon message={submitError} className={s.alert} />}
        <div className={s.actions}>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={f.submit.isPending}>
            {t.submit}
          </Button>
        </div>
      </Form>
    </Spin>
  );
}
