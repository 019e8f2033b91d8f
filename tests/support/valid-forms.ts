/**
 * A real-name form that passes every check, the server's region and dictionary checks included
 * (320505 is a district, 2 a listed profession). Tests change one field from here.
 */
export const VALID_REALNAME = {
  username: '陈思远',
  identityType: '1',
  identity: '11010519900307123x',
  cityId: '320505',
  professional: '2',
  professionalName: '产品设计师',
  read: true,
}
