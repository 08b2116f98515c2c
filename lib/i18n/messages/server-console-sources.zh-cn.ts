// Chinese of the console's data source and product messages (server-console-sources.en.ts defines the keys).
import type { Template } from '../format';
import type { serverConsoleSourcesEn } from './server-console-sources.en';

export const serverConsoleSourcesZhCN: { readonly [K in keyof typeof serverConsoleSourcesEn]: Template } = {
  'sources.notUrl': '不是有效的网址',
  'sources.scheme': '必须是 http(s) 网址',
  'sources.httpsOnly': '必须是 https 网址',
  'sources.credentials': '不能包含用户名或密码',
  'sources.unresolved': '主机名无法解析（{host}）',
  'sources.private': '解析到 {address}，这是私有、回环或链路本地地址：只抓取公网地址',
  'sources.tooLarge': '超过 {size} MiB 的大小上限',
  'sources.httpStatus': '服务器返回 HTTP {status}',
  'sources.timedOut': '{seconds} 秒内没有应答',
  'sources.redirects': '重定向超过 {count} 次',
  'sources.network': '无法抓取（{why}）',
  'sources.nameTaken': '已是另一个数据源的名称',
  'sources.fetchFailed': '刷新“{name}”失败：{why}',
  'sources.fileRefused': '导入拒绝了该文件',
  'products.mergeSelf': '必须是被合并产品以外的另一个产品',
  'products.mergeUnit': '计价单位为 {unit}，被合并产品为 {other}：只能合并单位相同的产品',
};
