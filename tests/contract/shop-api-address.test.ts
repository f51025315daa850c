import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod/v4'
import type { TestShopApi } from '../../shop-api/testing'
import { addAddress, deleteAddress, editAddress, findAddress, listAddresses, listRegions, regionChoices, setDefaultAddress, type AddressInput } from '~/upstream/address.server'
import { UpstreamError, type UpstreamContext } from '~/upstream/http.server'
import { AddressPageSchema, AddressSchema, NewAddressIdSchema, RegionSchema } from '~/upstream/schemas/address'
import { invalidate } from '~/utils/cache.server'
import { useLiveShopApi } from '../support/bff-environment'
import { expectSameShape, loadSample } from '../support/shape'

/**
 * Addresses and regions (contract §6.8): the reference shop API's answers have the samples'
 * shapes and parse with the BFF's schemas; its checks (fields, region paths), defaults and
 * own-rows-only rule; and app/upstream/address.server.ts against it.
 */
const live = useLiveShopApi()
let shop: TestShopApi

async function freshToken(): Promise<string> {
  const member = (await shop.testApi('/__test/member', {})).body as { username: string; password: string }
  return shop.login(member.username, member.password)
}

/** Every field a real client sends (the upstream reads each without a default). */
const BEIJING = {
  name: '张三',
  mobile: '13800138000',
  telephone: '',
  province_id: 110000,
  city_id: 110100,
  district_id: 110101,
  community_id: 0,
  address: '东华门街道 1 号',
  full_address: '北京市-北京市-东城区',
  longitude: '',
  latitude: '',
  is_default: 0,
}

beforeAll(() => {
  shop = live.shop
})
beforeEach(() => invalidate())

describe('shapes: the samples and the BFF schemas', () => {
  test('address/lists (provinces and a city) and the tree error', async () => {
    const provinces = await shop.call('/api/address/lists', { pid: 0 })
    expectSameShape(provinces, loadSample('api_address_lists'))
    expect(z.array(RegionSchema).parse(provinces.data)).toHaveLength(31)
    const cities = await shop.call('/api/address/lists', { pid: 110000 })
    expectSameShape(cities, loadSample('api_address_lists_city'))
    expect(cities.data).toEqual([expect.objectContaining({ id: 110100, pid: 110000, name: '北京市', shortname: '北京', level: 2 })])
    expectSameShape(await shop.call('/api/address/tree', {}), loadSample('api_address_tree_system_error'))
    const streets = z.array(RegionSchema).parse((await shop.call('/api/address/lists', { pid: 110101 })).data)
    expect(streets[0]).toMatchObject({ id: 110101001, pid: 110101, name: '东华门街道', level: 4 })
    expect((await shop.call('/api/address/info', { id: 110101 })).data).toMatchObject({ name: '东城区', level: 3 })
  })

  test("memberaddress page, info and add (the demo member's seeded rows)", async () => {
    const token = await shop.login('demo', 'demo123456')
    const page = await shop.call('/api/memberaddress/page', { token, page: 1, page_size: 10 })
    expectSameShape(page, loadSample('api_memberaddress_page'))
    expect(AddressPageSchema.parse(page.data).list[0]).toMatchObject({ id: 1, is_default: true, full_address: '北京市-北京市-东城区' })
    const info = await shop.call('/api/memberaddress/info', { token, id: 1 })
    expectSameShape(info, loadSample('api_memberaddress_info'))
    AddressSchema.parse(info.data)
    const fresh = await freshToken()
    const added = await shop.call('/api/memberaddress/add', { token: fresh, ...BEIJING })
    expectSameShape(added, loadSample('api_memberaddress_add'))
    expect(NewAddressIdSchema.parse(added.data)).toBeGreaterThan(0)
  })
})

/** `fields` less some keys (a client that does not send them). */
function without(fields: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
}

type Row = { id: number; is_default: number; type: number; name: string }
async function list(token: string): Promise<Row[]> {
  return ((await shop.call('/api/memberaddress/page', { token, page_size: 0 })).data as { list: Row[] }).list
}

describe('shop-api rules', () => {
  test("field checks answer the upstream's Chinese messages", async () => {
    const token = await freshToken()
    const refusal = async (fields: Record<string, unknown>) => {
      const answer = await shop.call('/api/memberaddress/add', { token, ...BEIJING, ...fields })
      expect(answer.code).toBe(-1)
      return answer.message
    }
    expect(await refusal({ name: '' })).toBe('请输入收货人姓名')
    expect(await refusal({ name: '名'.repeat(21) })).toBe('收货人姓名不能超过20个字符')
    expect(await refusal({ mobile: '1380013800' })).toBe('请输入正确的手机号码')
    expect(await refusal({ mobile: '', telephone: '' })).toBe('请输入手机号码')
    expect(await refusal({ province_id: 0 })).toBe('请选择省')
    expect(await refusal({ city_id: 0 })).toBe('请选择市')
    expect(await refusal({ district_id: 0 })).toBe('请选择区/县')
    expect(await refusal({ city_id: 310100 })).toBe('所选地区不存在')
    expect(await refusal({ district_id: 310104 })).toBe('所选地区不存在')
    expect(await refusal({ community_id: 310104001 })).toBe('所选地区不存在')
    expect(await refusal({ address: ' ' })).toBe('请输入详细地址')
    expect(await refusal({ address: '长'.repeat(101) })).toBe('详细地址不能超过100个字符')
    // A landline alone is enough; a city without districts needs none; emoji leave the name.
    const ok = await shop.call('/api/memberaddress/add', {
      token,
      ...BEIJING,
      name: '王五😀',
      mobile: '',
      telephone: '0769-12345678',
      province_id: 440000,
      city_id: 441900,
      district_id: 0,
      full_address: '伪造',
    })
    expect(ok.code).toBe(0)
    const row = (await shop.call('/api/memberaddress/info', { token, id: Number(ok.data) })).data
    expect(row).toMatchObject({ name: '王五', telephone: '0769-12345678', full_address: '广东省-东莞市', is_default: 1 })
  })

  test("add and edit read every field without a default: a missing one is PHP 8's 系统异常, as upstream", async () => {
    const token = await freshToken()
    const withoutCoordinates = without(BEIJING, 'longitude', 'latitude')
    // No `data` key: ThinkPHP's exception answer (the "Undefined array key \"longitude\"").
    expect(await shop.call('/api/memberaddress/add', { token, ...withoutCoordinates })).toEqual({
      code: -1,
      message: '系统异常：Undefined array key "longitude"',
      timestamp: expect.any(Number),
    })
    expect(await shop.call('/api/memberaddress/add', { token, ...withoutCoordinates, longitude: '' })).toMatchObject({
      code: -1,
      message: '系统异常：Undefined array key "latitude"',
    })
    expect(await shop.call('/api/memberaddress/add', { token, ...without(BEIJING, 'is_default') })).toMatchObject({ message: '系统异常：Undefined array key "is_default"' })
    expect((await list(token)).length).toBe(0)

    const id = Number((await shop.call('/api/memberaddress/add', { token, ...BEIJING })).data)
    expect(await shop.call('/api/memberaddress/edit', { token, id, ...withoutCoordinates, name: '李四' })).toMatchObject({
      code: -1,
      message: '系统异常：Undefined array key "longitude"',
    })
    expect(await shop.call('/api/memberaddress/edit', { token, ...BEIJING })).toMatchObject({ message: '系统异常：Undefined array key "id"' })
    expect((await list(token))[0]).toMatchObject({ id, name: '张三' })
  })

  test('coordinates: PHP empty() decides the type; a located address keeps them (-10001, empty message)', async () => {
    const token = await freshToken()
    // The PC's own address page sends 0 for a new address: a plain (type 1) address, like "".
    const plain = Number((await shop.call('/api/memberaddress/add', { token, ...BEIJING, longitude: 0, latitude: 0 })).data)
    const located = Number((await shop.call('/api/memberaddress/add', { token, ...BEIJING, name: '李四', longitude: '116.40529', latitude: '39.904987' })).data)
    const types = Object.fromEntries((await list(token)).map((row) => [row.id, row.type]))
    expect(types).toEqual({ [plain]: 1, [located]: 2 })
    expect(await shop.call('/api/memberaddress/edit', { token, id: located, ...BEIJING })).toEqual({ code: -10001, message: '', data: [], timestamp: expect.any(Number) })
    const kept = await shop.call('/api/memberaddress/edit', { token, id: located, ...BEIJING, name: '李四改', longitude: '116.40529', latitude: '39.904987' })
    expect(kept.code).toBe(0)
  })

  test('defaults: the first address, is_default clears the others, deleting the default hands it on', async () => {
    const token = await freshToken()
    const first = Number((await shop.call('/api/memberaddress/add', { token, ...BEIJING, is_default: 0 })).data)
    const second = Number((await shop.call('/api/memberaddress/add', { token, ...BEIJING, name: '李四' })).data)
    const list = async () => ((await shop.call('/api/memberaddress/page', { token, page_size: 0 })).data as { list: { id: number; is_default: number }[] }).list
    expect(await list()).toEqual([expect.objectContaining({ id: first, is_default: 1 }), expect.objectContaining({ id: second, is_default: 0 })])
    const third = Number((await shop.call('/api/memberaddress/add', { token, ...BEIJING, name: '王五', is_default: 1 })).data)
    expect((await list()).map((row) => [row.id, row.is_default])).toEqual([
      [third, 1],
      [second, 0],
      [first, 0],
    ])
    expect((await shop.call('/api/memberaddress/setdefault', { token, id: first })).code).toBe(0)
    expect((await list())[0]).toMatchObject({ id: first, is_default: 1 })
    expect((await shop.call('/api/memberaddress/info', { token, id: 1, default: 1 })).data).toMatchObject({ id: first })
    expect((await shop.call('/api/memberaddress/delete', { token, id: first })).code).toBe(0)
    expect((await list())[0]).toMatchObject({ id: third, is_default: 1 })
    // Paging: page_size 1 → page_count 2.
    expect((await shop.call('/api/memberaddress/page', { token, page: 2, page_size: 1 })).data).toMatchObject({ count: 2, page_count: 2 })
  })

  test("own rows only: another member's id is refused and never shown or changed", async () => {
    const token = await freshToken()
    for (const path of ['info', 'edit', 'delete', 'setdefault']) {
      const answer = await shop.call(`/api/memberaddress/${path}`, { token, id: 1, ...BEIJING, name: '篡改' })
      expect(answer, path).toMatchObject({ code: -1, message: '收货地址不存在' })
    }
    const demo = await shop.login('demo', 'demo123456')
    expect((await shop.call('/api/memberaddress/info', { token: demo, id: 1 })).data).toMatchObject({ name: '张三', is_default: 1 })
    expect(await shop.call('/api/memberaddress/page', { token: '' })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
  })
})

describe('app/upstream/address.server.ts against the shop API', () => {
  let member: UpstreamContext
  beforeAll(async () => {
    member = { baseUrl: shop.url, timeoutMs: 10_000, token: await freshToken(), member: 'required' }
  })

  test('add, list, find, edit, set default, delete', async () => {
    const input: AddressInput = { ...BEIJING, community_id: 110101001, full_address: '', is_default: 0 }
    const id = await addAddress(member, input)
    const other = await addAddress(member, { ...input, name: '李四', community_id: 0 })
    expect((await listAddresses(member)).map((row) => [row.id, row.is_default])).toEqual([
      [id, true],
      [other, false],
    ])
    expect(await findAddress(member, id)).toMatchObject({ community_id: 110101001, full_address: '北京市-北京市-东城区', longitude: '', latitude: '', type: 1 })
    await editAddress(member, other, { ...input, name: '李四改' })
    await setDefaultAddress(member, other)
    expect((await listAddresses(member))[0]).toMatchObject({ id: other, name: '李四改', is_default: true })
    await deleteAddress(member, id)
    expect(await findAddress(member, id)).toBeNull()
    expect(await findAddress(member, 1)).toBeNull() // the demo member's
    await expect(setDefaultAddress(member, 1)).rejects.toBeInstanceOf(UpstreamError)
  })

  test('listRegions and regionChoices drop a level that does not belong to its parent', async () => {
    expect((await listRegions(member, 0)).map((region) => region.id)).toContain(440000)
    const good = await regionChoices(member, { province_id: 110000, city_id: 110100, district_id: 110101, community_id: 110101001 })
    expect(good.ids).toEqual({ province_id: 110000, city_id: 110100, district_id: 110101, community_id: 110101001 })
    expect(good.names).toEqual(['北京市', '北京市', '东城区', '东华门街道'])
    expect(good.options.streets.length).toBeGreaterThan(0)
    const changedProvince = await regionChoices(member, { province_id: 310000, city_id: 110100, district_id: 110101, community_id: 0 })
    expect(changedProvince.ids).toEqual({ province_id: 310000, city_id: 0, district_id: 0, community_id: 0 })
    expect(changedProvince.options.cities).toEqual([{ id: 310100, name: '上海市' }])
    expect(changedProvince.options.districts).toEqual([])
  })
})
