// Canned replies of the feedback inbox (docs/console.md "Feedback"): staff insert one and edit it
// before sending. Each in both languages: staff answer in the customer's language, whatever the
// console's. `label` names it in the console's language.
export type CannedReply = { id: string; label: { en: string; zh: string }; en: string; zh: string };

export const CANNED_REPLIES: readonly CannedReply[] = [
  {
    id: 'thanks',
    label: { en: 'Thanks, looking into it', zh: '感谢，正在处理' },
    en: 'Thank you for telling us. We are looking into it and will reply here as soon as we know more.',
    zh: '感谢您的反馈。我们正在处理，有进展会第一时间在这里回复您。',
  },
  {
    id: 'fixed',
    label: { en: 'Fixed, please reload', zh: '已修复，请刷新' },
    en: 'This is fixed now. Please reload the page; if it still happens, reply here and we will look again.',
    zh: '问题已修复，请刷新页面。如果仍然出现，请在这里回复，我们会再次检查。',
  },
  {
    id: 'details',
    label: { en: 'Ask for details', zh: '请提供详情' },
    en: 'Could you tell us which page, product and region you were looking at, and what you expected to see? A screenshot helps.',
    zh: '请告诉我们您当时查看的页面、品种和地区，以及您期望看到的内容。附上截图会更有帮助。',
  },
  {
    id: 'data',
    label: { en: 'Data comes from the source', zh: '数据来自数据源' },
    en: 'These prices come from the source named under the chart; we publish them as it reports them. We have asked the source to check this figure.',
    zh: '这些价格来自图表下方注明的数据源，我们按数据源的发布原样展示。我们已请数据源核实这个数字。',
  },
];
