import { ConfigProvider, Modal } from 'antd';
import { createElement } from 'react';
import { antdTheme } from '@/components/shared/antd-theme';
import type { ConfirmFn } from './types';

// Static dialogs render outside the page's ConfigProvider: give them the site's theme and font too.
ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, { theme: antdTheme }, children) });

/** Confirm dialogs are 416 px wide (docs/screens.md). */
export const CONFIRM_WIDTH = 416;

/** Desktop dialogs (antd). Loaded lazily so pages do not carry antd just for the handler. */
export const confirm: ConfirmFn = ({ kind, title, content, okText, cancelText, onOk, onCancel }) => {
  // Modal.error for the error icon; okCancel keeps its cancel button (docs/api.md).
  const open = kind === 'error' ? Modal.error : Modal.confirm;
  open({ title, content, okText, cancelText, okCancel: true, width: CONFIRM_WIDTH, onOk, onCancel });
};
