import { Dialog } from 'antd-mobile';
import { ensureAntdMobileReact19 } from './antd-mobile-react19';
import type { ConfirmFn } from './types';

ensureAntdMobileReact19();

/** Mobile-page dialogs (antd-mobile). Loaded lazily so pages do not carry antd-mobile just for the handler. */
export const confirm: ConfirmFn = ({ title, content, okText, cancelText, onOk, onCancel }) => {
  void Dialog.confirm({ title, content, confirmText: okText, cancelText, onConfirm: onOk, onCancel });
};
