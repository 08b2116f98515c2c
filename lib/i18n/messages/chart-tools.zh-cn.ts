import type { Translation } from '../types';
import type { chartToolsEn } from './chart-tools.en';

export const chartToolsZhCN: Translation<typeof chartToolsEn> = {
  toolShare: '分享',
  toolShareCopied: '已复制此视图的链接',
  toolCite: '引用',
  toolCiteTitle: '如何引用此图表',
  toolCiteCopied: '已复制引用',
  toolCopy: '复制',
  toolPng: 'PNG 图片',
  toolSvg: 'SVG 矢量图',
  toolCsvShown: 'CSV（当前显示）',
  toolEmbed: '嵌入',
  toolEmbedTitle: '嵌入此图表',
  toolEmbedBody: '将以下代码粘贴到您的网页：图表显示相同视图，并附来源和返回链接。',
  toolEmbedCopied: '已复制嵌入代码',
  toolEmbedLocked: '只有所有访客都能查看的图表才可嵌入；此图表需要登录或会员。',
  toolClose: '关闭',
  toolTools: '图表工具',
  toolRetrieved: '获取于 {date}',
};
