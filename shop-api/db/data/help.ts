/**
 * Demo data: help classes and articles. Article ids are assigned in order (1…18), and some
 * are linked from elsewhere (footer certificates → 16, 17, 18; copyright licence → 18).
 * Classes 1 and 3 have 5 articles, so a footer that keeps "at most 4" has something to cut.
 */
export interface HelpClassSeed {
  name: string
  articles: { title: string; paragraphs: string[]; link_address?: string }[]
}

export const helpClasses: HelpClassSeed[] = [
  {
    name: '新手指南',
    articles: [
      { title: '注册与资质认证', paragraphs: ['注册时请选择企业类型并上传营业执照、药品经营许可证等资质文件。', '资质审核一般在1个工作日内完成，审核通过后即可查看价格并下单。'] },
      { title: '如何下单', paragraphs: ['搜索或按分类找到药品，选择规格与数量后加入购物车。', '在购物车中勾选商品，确认收货地址与发票信息后提交订单并完成支付。'] },
      { title: '多门店账号切换', paragraphs: ['连锁客户可将各门店账号关联到同一账号组。', '登录后在页面顶部点击“切换账号”，即可在门店之间切换，无需重新登录。'] },
      { title: '找回密码', paragraphs: ['在登录页点击“忘记密码”，输入注册手机号并完成短信验证后即可设置新密码。'] },
      { title: '采购流程说明', paragraphs: ['选品 → 加入购物车 → 提交订单 → 支付 → 仓库拣货 → 发货 → 签收 → 开票。'] },
    ],
  },
  {
    name: '支付方式',
    articles: [
      { title: '在线支付', paragraphs: ['支持微信支付、支付宝与网银支付，支付成功后订单自动进入待发货状态。'] },
      { title: '对公转账', paragraphs: ['对公转账请在备注中填写订单号，财务确认到账后安排发货。'] },
      { title: '余额支付', paragraphs: ['账户余额可用于支付订单，余额可通过充值或退款获得。'] },
    ],
  },
  {
    name: '配送服务',
    articles: [
      { title: '配送范围与时效', paragraphs: ['全国（港澳台除外）均可配送，省内一般1-2天送达，省外2-4天送达。'] },
      { title: '冷链配送说明', paragraphs: ['需冷藏的药品（如胰岛素、疫苗类）全程2-8℃冷链运输，签收时请核对温度记录。'] },
      { title: '运费说明', paragraphs: ['单笔订单满500元包邮，不满500元收取运费15元。'] },
      { title: '验货与签收', paragraphs: ['请当面核对药品品名、规格、批号与数量，如有破损请拒收并联系客服。'] },
      { title: '物流查询', paragraphs: ['订单发货后可在“我的订单”中查看物流单号与配送进度。'] },
    ],
  },
  {
    name: '售后服务',
    articles: [
      { title: '退换货政策', paragraphs: ['药品属特殊商品，非质量问题不支持退换货。', '如遇质量问题、错发漏发，请在签收后7日内申请售后。'] },
      { title: '发票说明', paragraphs: ['支持增值税专用发票与普通发票，请在下单时填写开票信息。'] },
    ],
  },
  {
    name: '资质公示',
    articles: [
      { title: '药品经营许可证', paragraphs: ['许可证编号：浙AA5710001（演示数据）。', '经营范围：中药饮片、中成药、化学药制剂、抗生素制剂、生化药品、生物制品。'] },
      { title: '互联网药品信息服务资格证书', paragraphs: ['证书编号：（浙）-经营性-2026-0001（演示数据）。'] },
      { title: 'GSP证书与营业执照', paragraphs: ['GSP证书编号：A-ZJ-26-0001（演示数据）。', '统一社会信用代码：91330100MA00000000（演示数据）。'] },
    ],
  },
]
