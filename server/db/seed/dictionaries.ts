/**
 * Seed data for the data dictionaries served at GET /api/common/type/{name} as rows
 * {dictCode, dictLabel, dictSort}: the option lists behind the portal's selects, filters and labels.
 */
export interface DictionaryItem {
  code: string
  label: string
}

/** Dictionary name → items in display order (dictSort is the index + 1). Codes are stable: never renumber. */
export const dictionaries: Record<string, readonly DictionaryItem[]> = {
  // Designer certification level (evaluation standard) granted by the yearly certification, lowest first
  sys_evaluate_standard: [
    { code: '1', label: '助理设计师' },
    { code: '2', label: '设计师' },
    { code: '3', label: '高级设计师' },
    { code: '4', label: '资深设计师' },
    { code: '5', label: '首席设计师' },
    { code: '6', label: '设计大师' },
  ],
  // Type of creative work registered for rights confirmation (作品登记/确权)
  sys_works_type: [
    { code: '1', label: '工业设计' },
    { code: '2', label: '产品设计' },
    { code: '3', label: '平面设计' },
    { code: '4', label: '视觉传达设计' },
    { code: '5', label: '包装设计' },
    { code: '6', label: '交通工具设计' },
    { code: '7', label: '家具设计' },
    { code: '8', label: '服装与服饰设计' },
    { code: '9', label: '文创设计' },
    { code: '10', label: '建筑与空间设计' },
    { code: '11', label: '交互与UI设计' },
    { code: '12', label: '插画' },
    { code: '13', label: '摄影' },
    { code: '14', label: '动画与视频' },
    { code: '15', label: '其他' },
  ],
  // Designer's professional field (专业) on the real-name verification form
  sys_professional_type: [
    { code: '1', label: '工业设计' },
    { code: '2', label: '产品设计' },
    { code: '3', label: '视觉传达设计' },
    { code: '4', label: '环境设计' },
    { code: '5', label: '服装与服饰设计' },
    { code: '6', label: '数字媒体艺术' },
    { code: '7', label: '交互设计' },
    { code: '8', label: '工艺美术' },
    { code: '9', label: '机械设计制造及其自动化' },
    { code: '10', label: '建筑学' },
    { code: '11', label: '其他' },
  ],
  // Patent type of a patent a designer lists on the profile
  sys_patent_type: [
    { code: '1', label: '发明专利' },
    { code: '2', label: '实用新型专利' },
    { code: '3', label: '外观设计专利' },
  ],
  // Kind of design project a designer lists on the profile
  sys_project_type: [
    { code: '1', label: '企业委托项目' },
    { code: '2', label: '政府与公共项目' },
    { code: '3', label: '科研项目' },
    { code: '4', label: '竞赛项目' },
    { code: '5', label: '自主研发项目' },
    { code: '6', label: '校企合作项目' },
    { code: '7', label: '其他' },
  ],
  // Award grade of a prize (designer profile and competition results), highest first
  sys_prize_grade: [
    { code: '1', label: '金奖' },
    { code: '2', label: '银奖' },
    { code: '3', label: '铜奖' },
    { code: '4', label: '优秀奖' },
    { code: '5', label: '入围奖' },
    { code: '6', label: '最佳人气奖' },
  ],
  // News and information categories (资讯栏目)
  design_info_type: [
    { code: '1', label: '协会动态' },
    { code: '2', label: '行业资讯' },
    { code: '3', label: '赛事资讯' },
    { code: '4', label: '政策法规' },
    { code: '5', label: '设计观点' },
    { code: '6', label: '活动回顾' },
    { code: '7', label: '通知公告' },
  ],
  // Education level (学历) on the real-name verification form, lowest first
  sys_school_record: [
    { code: '1', label: '高中/中专' },
    { code: '2', label: '大专' },
    { code: '3', label: '本科' },
    { code: '4', label: '硕士研究生' },
    { code: '5', label: '博士研究生' },
  ],
  // Design quotation (设计报价) service categories
  sys_design_quotation_type: [
    { code: '1', label: '工业产品外观设计' },
    { code: '2', label: '结构设计' },
    { code: '3', label: '品牌视觉设计' },
    { code: '4', label: '包装设计' },
    { code: '5', label: '展陈空间设计' },
    { code: '6', label: '交互与界面设计' },
    { code: '7', label: '手板模型制作' },
    { code: '8', label: '设计咨询' },
  ],
  // Organisation type of a competition entrant (参赛单位类型)
  competition_company_type: [
    { code: '1', label: '高等院校' },
    { code: '2', label: '中职院校' },
    { code: '3', label: '企业' },
    { code: '4', label: '设计机构' },
    { code: '5', label: '科研院所' },
    { code: '6', label: '个人' },
    { code: '7', label: '其他' },
  ],
  // Competition tracks and entry categories (参赛类别)
  sys_competition_range: [
    { code: '1', label: '产品设计类' },
    { code: '2', label: '概念设计类' },
    { code: '3', label: '视觉传达类' },
    { code: '4', label: '文创设计类' },
    { code: '5', label: '数字交互类' },
    { code: '6', label: '命题设计类' },
    { code: '7', label: '空间环境类' },
  ],
  // Display categories of the youth design competition pages (青苔赛事展示分类)
  competition_qt_type_show: [
    { code: '1', label: '学生组' },
    { code: '2', label: '专业组' },
    { code: '3', label: '命题赛道' },
    { code: '4', label: '自由赛道' },
  ],
  // Design categories of the QT (青苔) competitions, chosen on their registration form (青苔类别);
  // served at /common/type/data/qtType. Fictional demo content.
  qtType: [
    { code: '1', label: '产品设计' },
    { code: '2', label: '视觉传达设计' },
    { code: '3', label: '数字媒体设计' },
    { code: '4', label: '环境与空间设计' },
    { code: '5', label: '服装与服饰设计' },
    { code: '6', label: '文创设计' },
  ],
}
