// Chinese of the console's server messages (server-console.en.ts defines the keys).
import type { Template } from '../format';
import type { serverConsoleEn } from './server-console.en';

export const serverConsoleZhCN: { readonly [K in keyof typeof serverConsoleEn]: Template } = {
  'console.roleMissing': '您的后台角色不包含此项操作。',
  'console.notStaff': '此账号没有后台角色，请联系管理员授予。',
  'console.ratesFile': '是汇率文件：请用命令行导入（npm run data:import）',
  'console.notSupport': '不是客服人员：请指派给拥有客服或管理员角色的成员',
  'console.isStaff': '是工作人员账号：工作人员账号只能用命令行管理（npm run staff:grant）',
  'console.noUser': '没有此编号的账号',
  'console.noLevel': '不是会员等级',
  'console.noProduct': '不是数据产品',
  'console.noRegion': '不是地区',
  'console.notTheirSession': '不是此账号的登录会话',
  'console.noRejects': '此次导入没有退回任何行，没有退回文件。',
  'console.productMapped': '该商品已是目录中的产品。',
  'console.categoryUnknown': '不是已有的分类',
  // 订单与退款（客服）
  'console.noOrder': '没有此编号的订单。',
  'console.notPaid': '只有已支付的订单可以退款。',
  'console.otherProvider': '此订单通过 {provider} 支付，当前支付渠道不是它：请在该渠道退款。',
  'console.refundRefused': '支付渠道拒绝了退款：{why}',
  'console.freeLevel': '是免费等级：没有价格',
  'console.noRank': '不是任何会员等级的级别',
};
