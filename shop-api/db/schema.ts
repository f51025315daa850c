// Over 500 lines on purpose: the schema is one append-only list of migrations (DDL), each applied once per database and never edited after it shipped; split up, its order would be harder to see.
/**
 * SQLite schema of the reference shop API, as an ordered list of migrations.
 *
 * Conventions (follow them when adding tables, so answers keep the real API's shapes):
 * - Table and column names follow Niushop's (`member`, `goods_category`, `adv_position`…) so the
 *   row → JSON mapping stays obvious. `orders` is Niushop's `order` (a reserved word in SQL).
 * - Times are unix seconds (INTEGER); 0 means "not set".
 * - Money columns are REAL holding yuan (Niushop: DECIMAL(10,2)). They are answered as
 *   2-decimal strings through `money()` in `../core/format.ts`, never as raw numbers.
 * - Flags are INTEGER 0/1. Lists kept as Niushop keeps them (comma strings such as
 *   `member_label` ",1,") stay TEXT.
 * - Every row is for site 1 (B2C forces `site_id = 1`); `site_id` columns exist only where the
 *   API returns them.
 *
 * Adding tables later: append a migration with the next `version` (never edit one that has
 * shipped: existing databases have already applied it). If the new tables need demo rows, add a
 * seed step with the same version in `seed.ts`; `openDatabase` runs both in one transaction, for
 * new and existing databases alike.
 */
export interface Migration {
  version: number
  name: string
  sql: string
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'base: config, site content, members, tokens, captcha, sms, minimal cart/orders/coupons',
    sql: /* sql */ `
      -- Key/value configuration, like Niushop's \`config\` table. \`value\` is JSON text.
      CREATE TABLE config (
        site_id      INTEGER NOT NULL DEFAULT 1,
        app_module   TEXT    NOT NULL DEFAULT 'shop',
        config_key   TEXT    NOT NULL,
        value        TEXT    NOT NULL DEFAULT '{}',
        config_desc  TEXT    NOT NULL DEFAULT '',
        is_use       INTEGER NOT NULL DEFAULT 1,
        create_time  INTEGER NOT NULL DEFAULT 0,
        modify_time  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (app_module, config_key)
      );

      -- Rich-text documents (registration agreement, privacy policy…), Niushop's \`document\`.
      CREATE TABLE document (
        site_id      INTEGER NOT NULL DEFAULT 1,
        app_module   TEXT    NOT NULL DEFAULT 'shop',
        document_key TEXT    NOT NULL,
        title        TEXT    NOT NULL DEFAULT '',
        content      TEXT    NOT NULL DEFAULT '',
        create_time  INTEGER NOT NULL DEFAULT 0,
        modify_time  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (app_module, document_key)
      );

      -- Installed addons, answered by /api/addon/addonisexit as {name: 1|0}.
      CREATE TABLE addon (
        name    TEXT PRIMARY KEY,
        title   TEXT    NOT NULL DEFAULT '',
        status  INTEGER NOT NULL DEFAULT 1
      );

      -- Generated images served under /upload/… (see core/images.ts). Rows describe what to draw.
      CREATE TABLE upload_image (
        path        TEXT PRIMARY KEY,          -- relative path as returned by the API, e.g. upload/adv/pc_index_1.svg
        kind        TEXT    NOT NULL,          -- banner | logo | icon | qrcode
        width       INTEGER NOT NULL DEFAULT 200,
        height      INTEGER NOT NULL DEFAULT 200,
        background  TEXT    NOT NULL DEFAULT '#FFFFFF',
        color       TEXT    NOT NULL DEFAULT '#333333',
        text        TEXT    NOT NULL DEFAULT '',   -- main text, or the QR payload for kind = qrcode
        subtext     TEXT    NOT NULL DEFAULT ''
      );

      CREATE TABLE adv_position (
        ap_id                INTEGER PRIMARY KEY,
        site_id              INTEGER NOT NULL DEFAULT 1,
        keyword              TEXT    NOT NULL UNIQUE,
        ap_name              TEXT    NOT NULL DEFAULT '',
        ap_intro             TEXT    NOT NULL DEFAULT '',
        ap_height            INTEGER NOT NULL DEFAULT 0,
        ap_width             INTEGER NOT NULL DEFAULT 0,
        default_content      TEXT    NOT NULL DEFAULT '',
        ap_background_color  TEXT    NOT NULL DEFAULT '#FFFFFF',
        type                 INTEGER NOT NULL DEFAULT 1,   -- 1 PC, 2 mobile
        is_system            INTEGER NOT NULL DEFAULT 1,
        state                INTEGER NOT NULL DEFAULT 1
      );

      CREATE TABLE adv (
        adv_id      INTEGER PRIMARY KEY,
        ap_id       INTEGER NOT NULL REFERENCES adv_position(ap_id),
        adv_title   TEXT    NOT NULL DEFAULT '',
        adv_url     TEXT    NOT NULL DEFAULT '',   -- JSON text {"title","url"}
        adv_image   TEXT    NOT NULL DEFAULT '',
        slide_sort  INTEGER NOT NULL DEFAULT 0,
        price       REAL    NOT NULL DEFAULT 0,
        background  TEXT    NOT NULL DEFAULT '#FFFFFF',
        state       INTEGER NOT NULL DEFAULT 1
      );

      CREATE TABLE pc_nav (
        id           INTEGER PRIMARY KEY,
        nav_title    TEXT    NOT NULL,
        nav_url      TEXT    NOT NULL DEFAULT '',  -- JSON text {"title","url"}
        sort         INTEGER NOT NULL DEFAULT 0,
        is_blank     INTEGER NOT NULL DEFAULT 0,
        create_time  INTEGER NOT NULL DEFAULT 0,
        modify_time  INTEGER NOT NULL DEFAULT 0,
        nav_icon     TEXT    NOT NULL DEFAULT '',
        is_show      INTEGER NOT NULL DEFAULT 1
      );

      CREATE TABLE pc_friendly_link (
        id          INTEGER PRIMARY KEY,
        link_title  TEXT    NOT NULL,
        link_url    TEXT    NOT NULL DEFAULT '',
        link_pic    TEXT    NOT NULL DEFAULT '',
        link_sort   INTEGER NOT NULL DEFAULT 0,
        is_blank    INTEGER NOT NULL DEFAULT 1,
        is_show     INTEGER NOT NULL DEFAULT 1
      );

      -- Footer certificate and partner-platform lists (/pc/api/pc/footerList; not in upstream Niushop).
      CREATE TABLE pc_footer_item (
        id        INTEGER PRIMARY KEY,
        list      TEXT    NOT NULL CHECK (list IN ('cert', 'platform')),
        name      TEXT    NOT NULL,
        icon      TEXT    NOT NULL DEFAULT '',
        link_url  TEXT    NOT NULL DEFAULT '',
        sort      INTEGER NOT NULL DEFAULT 0
      );

      -- Shop service promises (/api/goods/service). \`icon\` is JSON text, answered decoded.
      CREATE TABLE goods_service (
        id            INTEGER PRIMARY KEY,
        service_name  TEXT    NOT NULL,
        "desc"        TEXT    NOT NULL DEFAULT '',
        icon          TEXT    NOT NULL DEFAULT '{}',
        sort          INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE goods_category (
        category_id    INTEGER PRIMARY KEY,
        site_id        INTEGER NOT NULL DEFAULT 1,
        category_name  TEXT    NOT NULL,
        short_name     TEXT    NOT NULL DEFAULT '',
        pid            INTEGER NOT NULL DEFAULT 0,
        level          INTEGER NOT NULL,
        is_show        INTEGER NOT NULL DEFAULT 0,   -- Niushop: 0 = shown, -1 = hidden
        sort           INTEGER NOT NULL DEFAULT 0,
        image          TEXT    NOT NULL DEFAULT '',
        keywords       TEXT    NOT NULL DEFAULT '',
        description    TEXT    NOT NULL DEFAULT '',
        category_id_1  INTEGER NOT NULL DEFAULT 0,
        category_id_2  INTEGER NOT NULL DEFAULT 0,
        category_id_3  INTEGER NOT NULL DEFAULT 0,
        image_adv      TEXT    NOT NULL DEFAULT '',
        link_url       TEXT    NOT NULL DEFAULT '',
        is_recommend   INTEGER NOT NULL DEFAULT 0,
        icon           TEXT    NOT NULL DEFAULT ''
      );
      CREATE INDEX goods_category_pid ON goods_category(pid);

      CREATE TABLE help_class (
        class_id     INTEGER PRIMARY KEY,
        class_name   TEXT    NOT NULL,
        sort         INTEGER NOT NULL DEFAULT 0,
        create_time  INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE help (
        id            INTEGER PRIMARY KEY,
        title         TEXT    NOT NULL,
        content       TEXT    NOT NULL DEFAULT '',
        class_id      INTEGER NOT NULL REFERENCES help_class(class_id),
        class_name    TEXT    NOT NULL DEFAULT '',  -- denormalised, as in Niushop
        sort          INTEGER NOT NULL DEFAULT 0,
        link_address  TEXT    NOT NULL DEFAULT '',
        create_time   INTEGER NOT NULL DEFAULT 0,
        modify_time   INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX help_class_id ON help(class_id);

      CREATE TABLE member_level (
        level_id          INTEGER PRIMARY KEY,
        site_id           INTEGER NOT NULL DEFAULT 1,
        level_name        TEXT    NOT NULL,
        sort              INTEGER NOT NULL DEFAULT 0,
        growth            REAL    NOT NULL DEFAULT 0,
        remark            TEXT    NOT NULL DEFAULT '',
        is_default        INTEGER NOT NULL DEFAULT 0,
        is_free_shipping  INTEGER NOT NULL DEFAULT 0,
        consume_discount  REAL    NOT NULL DEFAULT 100,
        point_feedback    REAL    NOT NULL DEFAULT 0,
        send_point        INTEGER NOT NULL DEFAULT 0,
        send_balance      REAL    NOT NULL DEFAULT 0,
        send_coupon       TEXT    NOT NULL DEFAULT '',
        level_type        INTEGER NOT NULL DEFAULT 0,
        charge_rule       TEXT    NOT NULL DEFAULT '',
        charge_type       INTEGER NOT NULL DEFAULT 0,
        bg_color          TEXT    NOT NULL DEFAULT '#333',
        status            INTEGER NOT NULL DEFAULT 1,
        is_recommend      INTEGER NOT NULL DEFAULT 0,
        level_background  TEXT    NOT NULL DEFAULT '',
        level_text_color  TEXT    NOT NULL DEFAULT '',
        level_picture     TEXT    NOT NULL DEFAULT ''
      );

      -- Buyer types chosen at registration (单体药店, 诊所…): /api/register/labellist.
      CREATE TABLE member_label (
        label_id     INTEGER PRIMARY KEY,
        label_name   TEXT    NOT NULL,
        remark       TEXT    NOT NULL DEFAULT '',
        sort         INTEGER NOT NULL DEFAULT 0,
        create_time  INTEGER NOT NULL DEFAULT 0
      );

      -- Qualification documents asked for at registration: /api/register/getAptitude.
      CREATE TABLE aptitude (
        id       INTEGER PRIMARY KEY,
        name     TEXT    NOT NULL,
        is_must  INTEGER NOT NULL DEFAULT 0,
        sort     INTEGER NOT NULL DEFAULT 0
      );

      -- Several logins of one buyer (head office + branches) that can switch to each other.
      CREATE TABLE account_group (
        group_id     INTEGER PRIMARY KEY,
        name         TEXT    NOT NULL DEFAULT '',
        create_time  INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE member (
        member_id              INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id                INTEGER NOT NULL DEFAULT 1,
        source_member          INTEGER NOT NULL DEFAULT 0,
        username               TEXT    NOT NULL DEFAULT '',
        nickname               TEXT    NOT NULL DEFAULT '',
        mobile                 TEXT    NOT NULL DEFAULT '',
        email                  TEXT    NOT NULL DEFAULT '',
        password_hash          TEXT    NOT NULL DEFAULT '',  -- 'scrypt$<salt hex>$<hash hex>', '' = no password
        status                 INTEGER NOT NULL DEFAULT 1,   -- 0 = locked
        headimg                TEXT    NOT NULL DEFAULT '',
        member_level           INTEGER NOT NULL DEFAULT 1 REFERENCES member_level(level_id),
        member_level_name      TEXT    NOT NULL DEFAULT '',
        member_label           TEXT    NOT NULL DEFAULT ',',  -- comma-wrapped label ids, e.g. ',1,'
        member_label_name      TEXT    NOT NULL DEFAULT '',
        qq                     TEXT    NOT NULL DEFAULT '',
        qq_openid              TEXT    NOT NULL DEFAULT '',
        wx_openid              TEXT    NOT NULL DEFAULT '',
        wx_unionid             TEXT    NOT NULL DEFAULT '',
        ali_openid             TEXT    NOT NULL DEFAULT '',
        baidu_openid           TEXT    NOT NULL DEFAULT '',
        toutiao_openid         TEXT    NOT NULL DEFAULT '',
        douyin_openid          TEXT    NOT NULL DEFAULT '',
        realname               TEXT    NOT NULL DEFAULT '',
        sex                    INTEGER NOT NULL DEFAULT 0,
        location               TEXT    NOT NULL DEFAULT '',
        birthday               INTEGER NOT NULL DEFAULT 0,
        point                  INTEGER NOT NULL DEFAULT 0,
        balance                REAL    NOT NULL DEFAULT 0,
        balance_money          REAL    NOT NULL DEFAULT 0,
        growth                 INTEGER NOT NULL DEFAULT 0,
        member_level_type      INTEGER NOT NULL DEFAULT 0,
        level_expire_time      INTEGER NOT NULL DEFAULT 0,
        is_edit_username       INTEGER NOT NULL DEFAULT 1,
        is_fenxiao             INTEGER NOT NULL DEFAULT 0,
        province_id            INTEGER NOT NULL DEFAULT 0,
        city_id                INTEGER NOT NULL DEFAULT 0,
        district_id            INTEGER NOT NULL DEFAULT 0,
        community_id           INTEGER NOT NULL DEFAULT 0,
        address                TEXT    NOT NULL DEFAULT '',
        full_address           TEXT    NOT NULL DEFAULT '',
        longitude              TEXT    NOT NULL DEFAULT '',
        latitude               TEXT    NOT NULL DEFAULT '',
        member_code            TEXT    NOT NULL DEFAULT '',
        -- registration extras of this B2B flavour
        qualifications_images  TEXT    NOT NULL DEFAULT '',  -- as sent at registration (opaque text for now)
        parent_id              INTEGER NOT NULL DEFAULT 0,   -- referrer (fenxiao)
        invitation_code        TEXT    NOT NULL DEFAULT '',
        account_group_id       INTEGER NOT NULL DEFAULT 0,   -- account_group.group_id, 0 = none
        reg_time               INTEGER NOT NULL DEFAULT 0,
        last_login_time        INTEGER NOT NULL DEFAULT 0,
        last_login_type        TEXT    NOT NULL DEFAULT '',
        login_num              INTEGER NOT NULL DEFAULT 0,
        is_delete              INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX member_username ON member(username);
      CREATE INDEX member_mobile ON member(mobile);
      CREATE INDEX member_group ON member(account_group_id);

      -- Opaque API tokens (random strings); expire_time 0 = never.
      CREATE TABLE member_token (
        token        TEXT PRIMARY KEY,
        member_id    INTEGER NOT NULL REFERENCES member(member_id),
        app_type     TEXT    NOT NULL DEFAULT '',
        create_time  INTEGER NOT NULL,
        expire_time  INTEGER NOT NULL
      );
      CREATE INDEX member_token_member ON member_token(member_id);

      CREATE TABLE captcha (
        id           TEXT PRIMARY KEY,   -- 32 hex chars
        code         TEXT    NOT NULL,
        create_time  INTEGER NOT NULL,
        expire_time  INTEGER NOT NULL
      );

      -- Simulated SMS gateway: every "sent" message is a row (read by /__test/sms).
      CREATE TABLE sms_code (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        sms_key      TEXT    NOT NULL UNIQUE,   -- the {key} handed to the client
        mobile       TEXT    NOT NULL,
        code         TEXT    NOT NULL,
        template     TEXT    NOT NULL,          -- REGISTER_CODE | LOGIN_CODE | FIND_PASSWORD …
        create_time  INTEGER NOT NULL,
        expire_time  INTEGER NOT NULL,
        used         INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sms_code_mobile ON sms_code(mobile);

      -- Cart lines (filled by a later task). cart/count = SUM(num) of the member's valid lines.
      CREATE TABLE cart (
        cart_id      INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id      INTEGER NOT NULL DEFAULT 1,
        member_id    INTEGER NOT NULL REFERENCES member(member_id),
        sku_id       INTEGER NOT NULL,
        num          INTEGER NOT NULL DEFAULT 1,
        create_time  INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX cart_member ON cart(member_id);

      -- Orders: only what /api/order/num needs for now; later tasks add columns by migration.
      -- order_status: 0 wait pay, 1 wait send, 3 shipped (wait confirm), 4 received, 10 done, -1 closed.
      -- order_type: 1 express, 2 pickup, 3 local delivery, 4 virtual.
      CREATE TABLE orders (
        order_id         INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id          INTEGER NOT NULL DEFAULT 1,
        order_no         TEXT    NOT NULL DEFAULT '',
        out_trade_no     TEXT    NOT NULL DEFAULT '',
        member_id        INTEGER NOT NULL REFERENCES member(member_id),
        order_type       INTEGER NOT NULL DEFAULT 1,
        order_name       TEXT    NOT NULL DEFAULT '',
        order_status     INTEGER NOT NULL DEFAULT 0,
        pay_status       INTEGER NOT NULL DEFAULT 0,
        is_evaluate      INTEGER NOT NULL DEFAULT 1,   -- may be evaluated
        evaluate_status  INTEGER NOT NULL DEFAULT 0,   -- 0 not yet evaluated
        goods_money      REAL    NOT NULL DEFAULT 0,
        delivery_money   REAL    NOT NULL DEFAULT 0,
        order_money      REAL    NOT NULL DEFAULT 0,
        pay_money        REAL    NOT NULL DEFAULT 0,
        create_time      INTEGER NOT NULL DEFAULT 0,
        pay_time         INTEGER NOT NULL DEFAULT 0,
        is_delete        INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX orders_member ON orders(member_id);

      -- refund_status: 0 none, 1 applied, 2 agreed, 4 wait buyer delivery, 5 wait receive, 3 done, -1 refused.
      CREATE TABLE order_goods (
        order_goods_id  INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id        INTEGER NOT NULL REFERENCES orders(order_id),
        member_id       INTEGER NOT NULL,
        sku_id          INTEGER NOT NULL DEFAULT 0,
        goods_id        INTEGER NOT NULL DEFAULT 0,
        sku_name        TEXT    NOT NULL DEFAULT '',
        price           REAL    NOT NULL DEFAULT 0,
        num             INTEGER NOT NULL DEFAULT 1,
        goods_money     REAL    NOT NULL DEFAULT 0,
        refund_status   INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX order_goods_order ON order_goods(order_id);

      CREATE TABLE coupon_type (
        coupon_type_id  INTEGER PRIMARY KEY,
        coupon_name     TEXT    NOT NULL,
        type            TEXT    NOT NULL DEFAULT 'reward',   -- reward (money off) | discount
        money           REAL    NOT NULL DEFAULT 0,
        discount        REAL    NOT NULL DEFAULT 0,
        discount_limit  REAL    NOT NULL DEFAULT 0,
        at_least        REAL    NOT NULL DEFAULT 0,
        count           INTEGER NOT NULL DEFAULT 0,
        lead_count      INTEGER NOT NULL DEFAULT 0,
        max_fetch       INTEGER NOT NULL DEFAULT 1,
        goods_type      INTEGER NOT NULL DEFAULT 1,          -- 1 all goods
        validity_type   INTEGER NOT NULL DEFAULT 0,
        end_time        INTEGER NOT NULL DEFAULT 0,
        fixed_term      INTEGER NOT NULL DEFAULT 0,
        use_channel     TEXT    NOT NULL DEFAULT 'all',
        use_store       TEXT    NOT NULL DEFAULT 'all',
        status          INTEGER NOT NULL DEFAULT 1,
        create_time     INTEGER NOT NULL DEFAULT 0
      );

      -- state: 1 usable, 2 used, 3 expired, 4 closed.
      CREATE TABLE member_coupon (
        coupon_id       INTEGER PRIMARY KEY AUTOINCREMENT,
        coupon_type_id  INTEGER NOT NULL REFERENCES coupon_type(coupon_type_id),
        site_id         INTEGER NOT NULL DEFAULT 1,
        coupon_code     TEXT    NOT NULL DEFAULT '',
        member_id       INTEGER NOT NULL REFERENCES member(member_id),
        use_order_id    INTEGER NOT NULL DEFAULT 0,
        coupon_name     TEXT    NOT NULL DEFAULT '',
        type            TEXT    NOT NULL DEFAULT 'reward',
        money           REAL    NOT NULL DEFAULT 0,
        discount        REAL    NOT NULL DEFAULT 0,
        discount_limit  REAL    NOT NULL DEFAULT 0,
        at_least        REAL    NOT NULL DEFAULT 0,
        state           INTEGER NOT NULL DEFAULT 1,
        get_type        INTEGER NOT NULL DEFAULT 2,
        fetch_time      INTEGER NOT NULL DEFAULT 0,
        use_time        INTEGER NOT NULL DEFAULT 0,
        start_time      INTEGER NOT NULL DEFAULT 0,
        end_time        INTEGER NOT NULL DEFAULT 0,   -- 0 = no end
        goods_type      INTEGER NOT NULL DEFAULT 1,
        use_channel     TEXT    NOT NULL DEFAULT 'all',
        use_store       TEXT    NOT NULL DEFAULT 'all'
      );
      CREATE INDEX member_coupon_member ON member_coupon(member_id, state);
    `,
  },
  {
    version: 2,
    name: 'catalog: brands, labels, goods, SKUs, promotions, sale control, evaluations, follows, footprints, floors, coupon scopes',
    sql: /* sql */ `
      CREATE TABLE goods_brand (
        brand_id       INTEGER PRIMARY KEY,
        site_id        INTEGER NOT NULL DEFAULT 1,
        brand_name     TEXT    NOT NULL,
        brand_initial  TEXT    NOT NULL DEFAULT '',
        image_url      TEXT    NOT NULL DEFAULT '',
        banner         TEXT    NOT NULL DEFAULT '',
        brand_desc     TEXT    NOT NULL DEFAULT '',
        is_recommend   INTEGER NOT NULL DEFAULT 0,
        sort           INTEGER NOT NULL DEFAULT 0,
        create_time    INTEGER NOT NULL DEFAULT 0
      );

      -- Goods labels with colours (处方药 red, OTC green, 医保 blue…): goods_label in the answers.
      CREATE TABLE goods_label (
        label_id     INTEGER PRIMARY KEY,
        label_name   TEXT    NOT NULL,
        label_color  TEXT    NOT NULL DEFAULT '',
        font_color   TEXT    NOT NULL DEFAULT '#FFFFFF',
        sort         INTEGER NOT NULL DEFAULT 0
      );

      -- Filterable attributes (/api/goodscategory/getGoodsAttrs) and their values.
      CREATE TABLE goods_attribute (
        attr_id    INTEGER PRIMARY KEY,
        attr_name  TEXT    NOT NULL,
        sort       INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE goods_attribute_value (
        attr_value_id    INTEGER PRIMARY KEY,
        attr_id          INTEGER NOT NULL REFERENCES goods_attribute(attr_id),
        attr_value_name  TEXT    NOT NULL,
        sort             INTEGER NOT NULL DEFAULT 0
      );

      -- One row per goods. category_id is the comma-wrapped path (",1,6,24,"), as Niushop keeps it.
      -- goods_spec_format: JSON text of the spec matrix, NULL for single-SKU goods.
      -- goods_attr_format: JSON text of [{attr_id, attr_name, attr_value_id, attr_value_name…}].
      -- label_ids: comma-wrapped goods_label ids. The attr_* and flag columns are this B2B
      -- flavour's pharmacy fields (docs/catalog-contract.md).
      CREATE TABLE goods (
        goods_id              INTEGER PRIMARY KEY,
        site_id               INTEGER NOT NULL DEFAULT 1,
        goods_name            TEXT    NOT NULL,
        goods_class           INTEGER NOT NULL DEFAULT 1,
        goods_image           TEXT    NOT NULL DEFAULT '',
        goods_state           INTEGER NOT NULL DEFAULT 1,   -- 1 on sale, 0 off the shelf
        is_delete             INTEGER NOT NULL DEFAULT 0,
        category_id           TEXT    NOT NULL DEFAULT '',
        leaf_category_id      INTEGER NOT NULL DEFAULT 0,
        brand_id              INTEGER NOT NULL DEFAULT 0,
        brand_name            TEXT    NOT NULL DEFAULT '',
        sku_id                INTEGER NOT NULL DEFAULT 0,   -- default SKU
        price                 REAL    NOT NULL DEFAULT 0,
        market_price          REAL    NOT NULL DEFAULT 0,
        goods_stock           INTEGER NOT NULL DEFAULT 0,
        sale_num              INTEGER NOT NULL DEFAULT 0,
        click_num             INTEGER NOT NULL DEFAULT 0,
        collect_num           INTEGER NOT NULL DEFAULT 0,
        evaluate              INTEGER NOT NULL DEFAULT 0,
        sort                  INTEGER NOT NULL DEFAULT 0,
        create_time           INTEGER NOT NULL DEFAULT 0,
        modify_time           INTEGER NOT NULL DEFAULT 0,
        introduction          TEXT    NOT NULL DEFAULT '',
        keywords              TEXT    NOT NULL DEFAULT '',
        unit                  TEXT    NOT NULL DEFAULT '',
        goods_content         TEXT    NOT NULL DEFAULT '',
        goods_spec_format     TEXT,
        goods_attr_format     TEXT    NOT NULL DEFAULT '',
        goods_service_ids     TEXT    NOT NULL DEFAULT '',
        label_ids             TEXT    NOT NULL DEFAULT ',',
        label_name            TEXT    NOT NULL DEFAULT '',
        is_free_shipping      INTEGER NOT NULL DEFAULT 1,
        is_virtual            INTEGER NOT NULL DEFAULT 0,
        min_buy               INTEGER NOT NULL DEFAULT 0,
        max_buy               INTEGER NOT NULL DEFAULT 0,
        is_limit              INTEGER NOT NULL DEFAULT 0,
        limit_type            INTEGER NOT NULL DEFAULT 1,
        is_consume_discount   INTEGER NOT NULL DEFAULT 1,   -- member level price applies
        recommend_way         INTEGER NOT NULL DEFAULT 0,
        video_url             TEXT    NOT NULL DEFAULT '',
        attr_country_code     TEXT    NOT NULL DEFAULT '',  -- 批准文号 / 注册证号
        attr_specs            TEXT    NOT NULL DEFAULT '',
        attr_place            TEXT    NOT NULL DEFAULT '',
        attr_validity         TEXT    NOT NULL DEFAULT '',  -- expiry date YYYY-MM-DD
        attr_goods_attr       TEXT    NOT NULL DEFAULT '',  -- dosage form
        attr_production_date  TEXT    NOT NULL DEFAULT '',
        attr_factory          TEXT    NOT NULL DEFAULT '',
        goods_attr            TEXT    NOT NULL DEFAULT '',
        is_jc                 INTEGER NOT NULL DEFAULT 0,
        is_trace              INTEGER NOT NULL DEFAULT 0,
        is_medicinal          INTEGER NOT NULL DEFAULT 0,
        is_chinese_medicine   INTEGER NOT NULL DEFAULT 0,
        goods_erp_spid        TEXT    NOT NULL DEFAULT '',
        tax_rate              REAL    NOT NULL DEFAULT 13
      );
      CREATE INDEX goods_leaf ON goods(leaf_category_id);
      CREATE INDEX goods_brand_id ON goods(brand_id);

      -- promotion_type: 1 while a 限时折扣 sets discount_price (start_time/end_time = its window).
      CREATE TABLE goods_sku (
        sku_id           INTEGER PRIMARY KEY,
        site_id          INTEGER NOT NULL DEFAULT 1,
        goods_id         INTEGER NOT NULL REFERENCES goods(goods_id),
        sku_name         TEXT    NOT NULL,
        sku_no           TEXT    NOT NULL DEFAULT '',
        sku_spec_format  TEXT    NOT NULL DEFAULT '',   -- JSON text, '' for single-SKU goods
        spec_label       TEXT    NOT NULL DEFAULT '',   -- spec values joined by ' ' ('' for single-SKU goods)
        price            REAL    NOT NULL DEFAULT 0,
        market_price     REAL    NOT NULL DEFAULT 0,
        discount_price   REAL    NOT NULL DEFAULT 0,
        promotion_type   INTEGER NOT NULL DEFAULT 0,
        start_time       INTEGER NOT NULL DEFAULT 0,
        end_time         INTEGER NOT NULL DEFAULT 0,
        stock            INTEGER NOT NULL DEFAULT 0,
        sale_num         INTEGER NOT NULL DEFAULT 0,
        click_num        INTEGER NOT NULL DEFAULT 0,
        sku_image        TEXT    NOT NULL DEFAULT '',
        sku_images       TEXT    NOT NULL DEFAULT '',
        keywords         TEXT    NOT NULL DEFAULT '',
        attr_specs       TEXT    NOT NULL DEFAULT '',
        is_default       INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX goods_sku_goods ON goods_sku(goods_id);

      -- 限时秒杀: time slots (seconds from midnight), activities (one goods each) and their SKUs.
      CREATE TABLE seckill_time (
        id                  INTEGER PRIMARY KEY,
        name                TEXT    NOT NULL,
        seckill_start_time  INTEGER NOT NULL,
        seckill_end_time    INTEGER NOT NULL
      );
      CREATE TABLE seckill (
        seckill_id        INTEGER PRIMARY KEY,
        site_id           INTEGER NOT NULL DEFAULT 1,
        seckill_name      TEXT    NOT NULL,
        status            INTEGER NOT NULL DEFAULT 1,   -- 1 running
        remark            TEXT    NOT NULL DEFAULT '',
        start_time        INTEGER NOT NULL,
        end_time          INTEGER NOT NULL,
        sort              INTEGER NOT NULL DEFAULT 0,
        create_time       INTEGER NOT NULL DEFAULT 0,
        modify_time       INTEGER NOT NULL DEFAULT 0,
        goods_id          INTEGER NOT NULL REFERENCES goods(goods_id),
        seckill_time_id   TEXT    NOT NULL DEFAULT ',1,',
        goods_min         INTEGER NOT NULL DEFAULT 0,
        goods_limit       INTEGER NOT NULL DEFAULT 0,   -- per member (max_buy), 0 = none
        num_multiple      INTEGER NOT NULL DEFAULT 0,
        sale_num          INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE seckill_goods (
        id             INTEGER PRIMARY KEY,
        seckill_id     INTEGER NOT NULL REFERENCES seckill(seckill_id),
        goods_id       INTEGER NOT NULL,
        sku_id         INTEGER NOT NULL,
        seckill_price  REAL    NOT NULL,
        stock          INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX seckill_goods_sku ON seckill_goods(sku_id);

      -- 限时折扣: the SKU rows carry discount_price/promotion_type; these keep the activity and its rules.
      CREATE TABLE discount (
        discount_id    INTEGER PRIMARY KEY,
        discount_name  TEXT    NOT NULL,
        status         INTEGER NOT NULL DEFAULT 1,
        start_time     INTEGER NOT NULL,
        end_time       INTEGER NOT NULL
      );
      CREATE TABLE discount_goods (
        id              INTEGER PRIMARY KEY,
        discount_id     INTEGER NOT NULL REFERENCES discount(discount_id),
        goods_id        INTEGER NOT NULL,
        sku_id          INTEGER NOT NULL,
        discount_price  REAL    NOT NULL,
        goods_min       INTEGER NOT NULL DEFAULT 0,
        goods_limit     INTEGER NOT NULL DEFAULT 0,
        num_multiple    INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX discount_goods_sku ON discount_goods(sku_id);

      -- 批发: price_json = JSON text [{num, limit_num, price}] ascending by num.
      CREATE TABLE wholesale_goods (
        wholesale_goods_id  INTEGER PRIMARY KEY,
        goods_id            INTEGER NOT NULL,
        price_json          TEXT    NOT NULL,
        status              INTEGER NOT NULL DEFAULT 1,
        start_time          INTEGER NOT NULL,
        end_time            INTEGER NOT NULL
      );

      -- 换购: offers = JSON text [{goods_id, count, num, price, unit, limit, goods_limit, ladder_json}].
      CREATE TABLE getfree (
        getfree_id  INTEGER PRIMARY KEY,
        goods_id    INTEGER NOT NULL,
        is_ladder   INTEGER NOT NULL DEFAULT 0,
        offers      TEXT    NOT NULL,
        status      INTEGER NOT NULL DEFAULT 1,
        start_time  INTEGER NOT NULL,
        end_time    INTEGER NOT NULL
      );

      -- 组合套餐.
      CREATE TABLE bundling (
        bl_id              INTEGER PRIMARY KEY,
        bl_name            TEXT    NOT NULL,
        bl_price           REAL    NOT NULL,
        shipping_fee_type  INTEGER NOT NULL DEFAULT 1,   -- 1 seller pays shipping, 2 buyer
        status             INTEGER NOT NULL DEFAULT 1,
        create_time        INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE bundling_goods (
        id               INTEGER PRIMARY KEY,
        bl_id            INTEGER NOT NULL REFERENCES bundling(bl_id),
        goods_id         INTEGER NOT NULL,
        sku_id           INTEGER NOT NULL,
        promotion_price  REAL    NOT NULL DEFAULT 0
      );

      -- 团购. status: 1 not started, 2 running, 3 ended.
      CREATE TABLE groupbuy (
        groupbuy_id     INTEGER PRIMARY KEY,
        goods_id        INTEGER NOT NULL,
        sku_id          INTEGER NOT NULL,
        groupbuy_price  REAL    NOT NULL,
        buy_num         INTEGER NOT NULL DEFAULT 1,
        sell_num        INTEGER NOT NULL DEFAULT 0,
        status          INTEGER NOT NULL DEFAULT 2,
        rule            TEXT    NOT NULL DEFAULT '',
        start_time      INTEGER NOT NULL,
        end_time        INTEGER NOT NULL
      );

      -- 专题活动. status: 1 not started, 2 running, 3 ended.
      CREATE TABLE topic (
        topic_id    INTEGER PRIMARY KEY,
        topic_name  TEXT    NOT NULL,
        topic_adv   TEXT    NOT NULL DEFAULT '',
        status      INTEGER NOT NULL DEFAULT 2,
        remark      TEXT    NOT NULL DEFAULT '',
        bg_color    TEXT    NOT NULL DEFAULT '',
        start_time  INTEGER NOT NULL,
        end_time    INTEGER NOT NULL
      );
      CREATE TABLE topic_goods (
        id           INTEGER PRIMARY KEY,
        topic_id     INTEGER NOT NULL REFERENCES topic(topic_id),
        goods_id     INTEGER NOT NULL,
        sku_id       INTEGER NOT NULL,
        topic_price  REAL    NOT NULL
      );

      -- 满减. manjian_type 1 all goods, 2 selected goods (goods_ids ",1,2,"); type 0 by amount, 1 by quantity.
      CREATE TABLE manjian (
        manjian_id    INTEGER PRIMARY KEY,
        manjian_name  TEXT    NOT NULL,
        manjian_type  INTEGER NOT NULL DEFAULT 2,
        type          INTEGER NOT NULL DEFAULT 0,
        goods_ids     TEXT    NOT NULL DEFAULT '',
        status        INTEGER NOT NULL DEFAULT 1,
        rule_json     TEXT    NOT NULL DEFAULT '[]',
        start_time    INTEGER NOT NULL,
        end_time      INTEGER NOT NULL
      );

      -- 控销 rules. A rule applies to members matching member_id (0 = any) and member_label (0 = any).
      -- type goods (goods_id) or category (category_id: every goods whose path contains it).
      CREATE TABLE sale_control (
        id            INTEGER PRIMARY KEY,
        type          TEXT    NOT NULL CHECK (type IN ('goods', 'category')),
        goods_id      INTEGER NOT NULL DEFAULT 0,
        category_id   INTEGER NOT NULL DEFAULT 0,
        member_id     INTEGER NOT NULL DEFAULT 0,
        member_label  INTEGER NOT NULL DEFAULT 0,
        is_member_by  INTEGER NOT NULL DEFAULT 1,   -- 1 = may buy
        view_price    INTEGER NOT NULL DEFAULT 1,   -- 1 = may see the price
        not_buy_msg   TEXT    NOT NULL DEFAULT '',
        reason        TEXT    NOT NULL DEFAULT '',
        create_time   INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE goods_evaluate (
        evaluate_id          INTEGER PRIMARY KEY,
        site_id              INTEGER NOT NULL DEFAULT 1,
        order_id             INTEGER NOT NULL DEFAULT 0,
        order_no             TEXT    NOT NULL DEFAULT '',
        order_goods_id       INTEGER NOT NULL DEFAULT 0,
        goods_id             INTEGER NOT NULL,
        sku_id               INTEGER NOT NULL,
        sku_name             TEXT    NOT NULL DEFAULT '',
        sku_price            REAL    NOT NULL DEFAULT 0,
        sku_image            TEXT    NOT NULL DEFAULT '',
        content              TEXT    NOT NULL DEFAULT '',
        images               TEXT    NOT NULL DEFAULT '',
        explain_first        TEXT    NOT NULL DEFAULT '',
        member_id            INTEGER NOT NULL DEFAULT 0,
        member_name          TEXT    NOT NULL DEFAULT '',
        member_headimg       TEXT    NOT NULL DEFAULT '',
        is_anonymous         INTEGER NOT NULL DEFAULT 0,
        scores               INTEGER NOT NULL DEFAULT 5,
        again_content        TEXT    NOT NULL DEFAULT '',
        again_images         TEXT    NOT NULL DEFAULT '',
        again_explain        TEXT    NOT NULL DEFAULT '',
        explain_type         INTEGER NOT NULL DEFAULT 1,   -- 1 good, 2 medium, 3 bad
        is_show              INTEGER NOT NULL DEFAULT 1,
        is_audit             INTEGER NOT NULL DEFAULT 1,
        again_is_audit       INTEGER NOT NULL DEFAULT 0,
        create_time          INTEGER NOT NULL DEFAULT 0,
        again_time           INTEGER NOT NULL DEFAULT 0,
        shop_desccredit      INTEGER NOT NULL DEFAULT 5,
        shop_servicecredit   INTEGER NOT NULL DEFAULT 5,
        shop_deliverycredit  INTEGER NOT NULL DEFAULT 5
      );
      CREATE INDEX goods_evaluate_goods ON goods_evaluate(goods_id);

      CREATE TABLE goods_collect (
        collect_id   INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id    INTEGER NOT NULL REFERENCES member(member_id),
        goods_id     INTEGER NOT NULL,
        sku_id       INTEGER NOT NULL DEFAULT 0,
        sku_name     TEXT    NOT NULL DEFAULT '',
        sku_price    REAL    NOT NULL DEFAULT 0,
        sku_image    TEXT    NOT NULL DEFAULT '',
        create_time  INTEGER NOT NULL DEFAULT 0,
        UNIQUE (member_id, goods_id)
      );

      -- Footprints: one row per member and goods (add refreshes sku_id and browse_time).
      CREATE TABLE goods_browse (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id    INTEGER NOT NULL REFERENCES member(member_id),
        goods_id     INTEGER NOT NULL,
        sku_id       INTEGER NOT NULL DEFAULT 0,
        browse_time  INTEGER NOT NULL DEFAULT 0,
        UNIQUE (member_id, goods_id)
      );

      -- Home floors. value = JSON text of named slots {type, value}; goods/category slots keep
      -- goods_ids/category_ids and are expanded into value.list when answered.
      CREATE TABLE pc_floor (
        id           INTEGER PRIMARY KEY,
        block_id     INTEGER NOT NULL DEFAULT 0,
        title        TEXT    NOT NULL DEFAULT '',
        value        TEXT    NOT NULL DEFAULT '{}',
        state        INTEGER NOT NULL DEFAULT 1,
        sort         INTEGER NOT NULL DEFAULT 0,
        create_time  INTEGER NOT NULL DEFAULT 0,
        block_name   TEXT    NOT NULL,
        block_title  TEXT    NOT NULL DEFAULT ''
      );

      -- Coupon scopes: goods_type 2/3 use goods_ids (",1,2,"), 4 uses category_ids (",3,").
      ALTER TABLE coupon_type ADD COLUMN image TEXT NOT NULL DEFAULT '';
      ALTER TABLE coupon_type ADD COLUMN is_show INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE coupon_type ADD COLUMN goods_ids TEXT NOT NULL DEFAULT ',,';
      ALTER TABLE coupon_type ADD COLUMN category_ids TEXT NOT NULL DEFAULT '';

      -- Cart lines keep the member's custom-form answers (cart/add form_data), unused for now.
      ALTER TABLE cart ADD COLUMN form_data TEXT NOT NULL DEFAULT '';
      CREATE INDEX cart_member_sku ON cart(member_id, sku_id);
    `,
  },
  {
    version: 3,
    name: 'cart: bundle lines share the cart table (and its cart_id numbering)',
    sql: /* sql */ `
      -- A cart row is a goods line (sku_id > 0, bl_id 0) or a bundle line (bl_id > 0, sku_id 0),
      -- so both kinds of line get their cart_id from one sequence (see models/cart.ts).
      ALTER TABLE cart ADD COLUMN bl_id INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX cart_member_bl ON cart(member_id, bl_id);
    `,
  },
  {
    version: 4,
    name: 'sms: count wrong tries per code, so a code is burned after a few (SMS_MAX_WRONG_TRIES)',
    sql: /* sql */ `
      -- Wrong codes tried against this key; at the limit the row is marked used (burned).
      ALTER TABLE sms_code ADD COLUMN wrong_tries INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 5,
    name: 'addresses: member delivery addresses (memberaddress/*)',
    sql: /* sql */ `
      -- Niushop's member_address. Region ids are mainland division codes (province 110000,
      -- city 110100, district 110101; community_id is the street/town level, 0 when not chosen).
      -- full_address is the region names joined with "-" ("北京市-北京市-东城区"), as the real API answers.
      -- type: 1 ordinary address, 2 local-delivery address (has coordinates).
      CREATE TABLE member_address (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id       INTEGER NOT NULL DEFAULT 1,
        member_id     INTEGER NOT NULL REFERENCES member(member_id),
        name          TEXT    NOT NULL DEFAULT '',
        mobile        TEXT    NOT NULL DEFAULT '',
        telephone     TEXT    NOT NULL DEFAULT '',
        province_id   INTEGER NOT NULL DEFAULT 0,
        city_id       INTEGER NOT NULL DEFAULT 0,
        district_id   INTEGER NOT NULL DEFAULT 0,
        community_id  INTEGER NOT NULL DEFAULT 0,
        address       TEXT    NOT NULL DEFAULT '',
        full_address  TEXT    NOT NULL DEFAULT '',
        longitude     TEXT    NOT NULL DEFAULT '',
        latitude      TEXT    NOT NULL DEFAULT '',
        is_default    INTEGER NOT NULL DEFAULT 0,
        type          INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX member_address_member ON member_address(member_id);
    `,
  },
  {
    version: 6,
    name: 'checkout and cashier: order keys, full orders, payments, balance ledger, offline vouchers, uploads, stores',
    sql: /* sql */ `
      -- The stateful checkout (docs/checkout-api.md): payment stores what is being bought under a
      -- key; calculate/create read it. used_time > 0 once create consumed it (one order per key).
      CREATE TABLE order_key (
        order_key    TEXT PRIMARY KEY,
        member_id    INTEGER NOT NULL REFERENCES member(member_id),
        kind         TEXT    NOT NULL,              -- cart | buy_now
        input        TEXT    NOT NULL,              -- JSON {cart_ids} or {sku_id, num}
        snapshot     TEXT    NOT NULL DEFAULT '{}', -- JSON of the last calculation (for debugging and the test API)
        create_time  INTEGER NOT NULL,
        expire_time  INTEGER NOT NULL,
        used_time    INTEGER NOT NULL DEFAULT 0,
        out_trade_no TEXT    NOT NULL DEFAULT ''
      );
      CREATE INDEX order_key_member ON order_key(member_id);

      -- Order fields of §4.4 that migration 1 left out.
      ALTER TABLE orders ADD COLUMN order_type_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN order_status_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN order_from TEXT NOT NULL DEFAULT 'pc';
      ALTER TABLE orders ADD COLUMN order_from_name TEXT NOT NULL DEFAULT 'PC';
      ALTER TABLE orders ADD COLUMN order_scene TEXT NOT NULL DEFAULT 'online';
      ALTER TABLE orders ADD COLUMN goods_num INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN pay_type TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN pay_type_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN delivery_type TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN delivery_type_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN delivery_status INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN delivery_status_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN mobile TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN telephone TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN province_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN city_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN district_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN community_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN address TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN full_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN longitude TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN latitude TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN store_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN delivery_store_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN delivery_store_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN delivery_store_info TEXT NOT NULL DEFAULT '';   -- JSON string, as upstream
      ALTER TABLE orders ADD COLUMN delivery_code TEXT NOT NULL DEFAULT '';         -- pickup code
      ALTER TABLE orders ADD COLUMN buyer_ask_delivery_time TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN buyer_message TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN remark TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN is_invoice INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN invoice_type INTEGER NOT NULL DEFAULT 0;        -- 1 paper, 2 electronic
      ALTER TABLE orders ADD COLUMN invoice_title_type INTEGER NOT NULL DEFAULT 0;  -- 1 personal, 2 company
      ALTER TABLE orders ADD COLUMN invoice_title TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN taxpayer_number TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN invoice_content TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN invoice_full_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN invoice_email TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN invoice_status INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN coupon_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN coupon_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN promotion_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN point_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN adjust_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN invoice_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN invoice_delivery_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN balance_money REAL NOT NULL DEFAULT 0;       -- balance taken by this order
      ALTER TABLE orders ADD COLUMN refund_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN is_enable_refund INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN delivery_time INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN sign_time INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN finish_time INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN close_time INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN auto_close_time INTEGER NOT NULL DEFAULT 0;  -- unpaid after this → closed on next read
      CREATE INDEX orders_out_trade_no ON orders(out_trade_no);
      CREATE INDEX orders_auto_close ON orders(order_status, auto_close_time);

      ALTER TABLE order_goods ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE order_goods ADD COLUMN goods_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN sku_image TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN sku_no TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN sku_spec_format TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN real_goods_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN promotion_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN coupon_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN point_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN promotion_type TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN is_virtual INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN goods_class INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE order_goods ADD COLUMN goods_class_name TEXT NOT NULL DEFAULT '实物商品';
      ALTER TABLE order_goods ADD COLUMN delivery_status INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN delivery_status_name TEXT NOT NULL DEFAULT '待发货';

      -- Payment records (Niushop's pay). pay_status: 0 pending, 1 in progress, 2 paid, -1 cancelled,
      -- -2 closed (order closed or superseded by resetpay). relate_id = the order id(s), comma-joined.
      CREATE TABLE pay (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id        INTEGER NOT NULL DEFAULT 1,
        out_trade_no   TEXT    NOT NULL UNIQUE,
        pay_type       TEXT    NOT NULL DEFAULT '',
        trade_no       TEXT    NOT NULL DEFAULT '',
        pay_no         TEXT    NOT NULL DEFAULT '',
        pay_body       TEXT    NOT NULL DEFAULT '',
        pay_detail     TEXT    NOT NULL DEFAULT '',
        pay_money      REAL    NOT NULL DEFAULT 0,
        pay_addon      TEXT    NOT NULL DEFAULT '',
        pay_voucher    TEXT    NOT NULL DEFAULT '',
        pay_status     INTEGER NOT NULL DEFAULT 0,
        return_url     TEXT    NOT NULL DEFAULT '',
        event          TEXT    NOT NULL DEFAULT 'OrderPayNotify',
        mch_info       TEXT    NOT NULL DEFAULT '',
        create_time    INTEGER NOT NULL DEFAULT 0,
        pay_time       INTEGER NOT NULL DEFAULT 0,
        balance        REAL    NOT NULL DEFAULT 0,
        balance_money  REAL    NOT NULL DEFAULT 0,
        member_id      INTEGER NOT NULL REFERENCES member(member_id),
        pay_json       TEXT    NOT NULL DEFAULT '',
        is_delete      INTEGER NOT NULL DEFAULT 0,
        relate_id      TEXT    NOT NULL DEFAULT ''
      );
      CREATE INDEX pay_member ON pay(member_id);

      -- Balance and point ledger (Niushop's member_account). account_type: balance (stored value),
      -- balance_money (cash), point. account_data is signed (-12.50 = taken).
      CREATE TABLE member_account (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id       INTEGER NOT NULL DEFAULT 1,
        member_id     INTEGER NOT NULL REFERENCES member(member_id),
        account_type  TEXT    NOT NULL,
        account_data  REAL    NOT NULL,
        from_type     TEXT    NOT NULL DEFAULT '',   -- order | refund | adjust
        type_name     TEXT    NOT NULL DEFAULT '',
        type_tag      TEXT    NOT NULL DEFAULT '',
        related_id    INTEGER NOT NULL DEFAULT 0,
        create_time   INTEGER NOT NULL DEFAULT 0,
        remark        TEXT    NOT NULL DEFAULT ''
      );
      CREATE INDEX member_account_member ON member_account(member_id, account_type);

      -- Offline transfer vouchers (offlinepay addon). status: 0 wait audit, 1 passed, -1 refused.
      CREATE TABLE offline_pay (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id        INTEGER NOT NULL DEFAULT 1,
        out_trade_no   TEXT    NOT NULL UNIQUE,
        member_id      INTEGER NOT NULL REFERENCES member(member_id),
        imgs           TEXT    NOT NULL DEFAULT '',
        "desc"         TEXT    NOT NULL DEFAULT '',
        status         INTEGER NOT NULL DEFAULT 0,
        audit_remark   TEXT    NOT NULL DEFAULT '',
        create_time    INTEGER NOT NULL DEFAULT 0,
        audit_time     INTEGER NOT NULL DEFAULT 0
      );

      -- Uploaded files (bytes in the database, served by GET /<path>, like the generated images).
      CREATE TABLE upload_file (
        path         TEXT PRIMARY KEY,
        member_id    INTEGER NOT NULL DEFAULT 0,
        mime         TEXT    NOT NULL,
        size         INTEGER NOT NULL,
        data         BLOB    NOT NULL,
        create_time  INTEGER NOT NULL DEFAULT 0
      );

      -- Pickup and local-delivery stores (Niushop's store, only what checkout shows).
      CREATE TABLE store (
        store_id      INTEGER PRIMARY KEY,
        store_name    TEXT    NOT NULL,
        telphone      TEXT    NOT NULL DEFAULT '',
        open_date     TEXT    NOT NULL DEFAULT '',
        address       TEXT    NOT NULL DEFAULT '',
        full_address  TEXT    NOT NULL DEFAULT '',
        longitude     TEXT    NOT NULL DEFAULT '',
        latitude      TEXT    NOT NULL DEFAULT '',
        status        INTEGER NOT NULL DEFAULT 1,    -- 0 = resting
        is_pickup     INTEGER NOT NULL DEFAULT 1,
        is_o2o        INTEGER NOT NULL DEFAULT 0     -- does local delivery
      );

      -- Balance payments check this when set ('' = no pay password), same hash as the login password.
      ALTER TABLE member ADD COLUMN pay_password TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 7,
    name: 'points deduction at checkout: points used per order and line',
    sql: /* sql */ `
      -- Points deduction at checkout (points-cash addon): the points an order and each line used
      -- (point_money holds what they took off). The ledger is member_account (account_type point).
      ALTER TABLE orders ADD COLUMN use_point INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN use_point INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 8,
    name: 'orders after payment: state machine columns, packages (shipments) and the transaction agreement',
    sql: /* sql */ `
      -- Why an order closed; the code of a virtual order; who delivers a local-delivery order.
      ALTER TABLE orders ADD COLUMN close_cause TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN virtual_code TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN deliverer TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN deliverer_mobile TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN delivery_no TEXT NOT NULL DEFAULT '';

      -- A shipment of some lines of an express order (Niushop's express_delivery_package); the
      -- trace is simulated from delivery_time (models/order-flow.ts).
      CREATE TABLE express_package (
        id                    INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id              INTEGER NOT NULL REFERENCES orders(order_id),
        member_id             INTEGER NOT NULL,
        package_name          TEXT    NOT NULL DEFAULT '',
        delivery_no           TEXT    NOT NULL DEFAULT '',
        express_company_id    INTEGER NOT NULL DEFAULT 0,
        express_company_name  TEXT    NOT NULL DEFAULT '',
        order_goods_id_array  TEXT    NOT NULL DEFAULT '',   -- comma-joined order_goods_id
        delivery_time         INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX express_package_order ON express_package(order_id);
    `,
  },
  {
    version: 9,
    name: 'after-sales: refund fields per order line, refund log, complaints',
    sql: /* sql */ `
      -- Refund of an order line (contract UPSTREAM-commerce §5, docs/after-sales.md). refund_status:
      -- 0 none, 1 applied, 2 agreed (refund only), 4 wait buyer return, 5 wait seller receipt,
      -- 6 seller received, 3 refunded, -1 refused, -3 partly refunded.
      ALTER TABLE order_goods ADD COLUMN refund_no TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_type INTEGER NOT NULL DEFAULT 0;            -- 1 refund only, 2 return and refund
      ALTER TABLE order_goods ADD COLUMN refund_mode INTEGER NOT NULL DEFAULT 0;            -- 1 before completion, 2 after-sales
      ALTER TABLE order_goods ADD COLUMN refund_money_type INTEGER NOT NULL DEFAULT 0;      -- 3 back to balance
      ALTER TABLE order_goods ADD COLUMN refund_apply_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN refund_real_money REAL NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN refund_reason TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_remark TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_images TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_refuse_reason TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_action_time INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN refund_time INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN refund_delivery_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_delivery_no TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN refund_delivery_remark TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN shop_contacts TEXT NOT NULL DEFAULT '';           -- return address the seller gave
      ALTER TABLE order_goods ADD COLUMN shop_mobile TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN shop_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE order_goods ADD COLUMN shop_active_refund INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN shop_active_refund_money REAL NOT NULL DEFAULT 0;

      -- Negotiation record of a line's refund. action_way: 1 buyer, 2 seller.
      CREATE TABLE order_refund_log (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        order_goods_id  INTEGER NOT NULL REFERENCES order_goods(order_goods_id),
        refund_status   INTEGER NOT NULL DEFAULT 0,
        action          TEXT    NOT NULL DEFAULT '',
        action_way      INTEGER NOT NULL DEFAULT 1,
        action_userid   INTEGER NOT NULL DEFAULT 0,
        username        TEXT    NOT NULL DEFAULT '',
        "desc"          TEXT    NOT NULL DEFAULT '',
        action_time     INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX order_refund_log_line ON order_refund_log(order_goods_id);

      -- Complaints about a refund (our addition, docs/after-sales-api.md). complain_status:
      -- 1 waiting for the platform, 2 handled, -1 withdrawn by the buyer.
      CREATE TABLE order_complain (
        complain_id      INTEGER PRIMARY KEY AUTOINCREMENT,
        order_goods_id   INTEGER NOT NULL REFERENCES order_goods(order_goods_id),
        order_id         INTEGER NOT NULL,
        member_id        INTEGER NOT NULL,
        complain_reason  TEXT    NOT NULL DEFAULT '',
        complain_remark  TEXT    NOT NULL DEFAULT '',
        complain_images  TEXT    NOT NULL DEFAULT '',
        complain_status  INTEGER NOT NULL DEFAULT 1,
        platform_remark  TEXT    NOT NULL DEFAULT '',
        create_time      INTEGER NOT NULL DEFAULT 0,
        handle_time      INTEGER NOT NULL DEFAULT 0,
        cancel_time      INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX order_complain_line ON order_complain(order_goods_id);
    `,
  },
  {
    version: 10,
    name: 'verification: verifiers, verify codes (pickup and virtual goods) and their use records',
    sql: /* sql */ `
      -- Members allowed to verify codes (Niushop's verifier). One row per member (single site).
      CREATE TABLE verifier (
        verifier_id    INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id        INTEGER NOT NULL DEFAULT 1,
        member_id      INTEGER NOT NULL UNIQUE REFERENCES member(member_id),
        verifier_name  TEXT    NOT NULL DEFAULT '',
        store_id       INTEGER NOT NULL DEFAULT 0,
        verifier_type  INTEGER NOT NULL DEFAULT 0,   -- 0 whole shop (the only kind here)
        create_time    INTEGER NOT NULL DEFAULT 0
      );

      -- Codes to verify (Niushop's verify). verify_type: pickup | virtualgoods.
      -- is_verify: 0 waiting, 1 used up, 2 refunded, -1 expired (stored 0 until read past expire_time).
      -- verify_content_json: {item_array:[{img,name,price,num}], remark_array:[{title,value}]};
      -- remark_array[1] is the order number, as upstream lists rely on.
      -- order_id / order_goods_id: ours, so an order's codes are found without parsing the JSON.
      CREATE TABLE verify (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id              INTEGER NOT NULL DEFAULT 1,
        site_name            TEXT    NOT NULL DEFAULT '',
        verify_code          TEXT    NOT NULL UNIQUE,
        verify_type          TEXT    NOT NULL,
        verify_type_name     TEXT    NOT NULL DEFAULT '',
        verify_content_json  TEXT    NOT NULL DEFAULT '{}',
        verifier_id          INTEGER NOT NULL DEFAULT 0,   -- the last verifier
        verifier_name        TEXT    NOT NULL DEFAULT '',
        is_verify            INTEGER NOT NULL DEFAULT 0,
        create_time          INTEGER NOT NULL DEFAULT 0,
        verify_time          INTEGER NOT NULL DEFAULT 0,   -- the last use
        expire_time          INTEGER NOT NULL DEFAULT 0,   -- 0 = never
        verify_total_count   INTEGER NOT NULL DEFAULT 1,
        verify_use_num       INTEGER NOT NULL DEFAULT 0,
        store_id             INTEGER NOT NULL DEFAULT 0,
        member_id            INTEGER NOT NULL DEFAULT 0,   -- the buyer
        verify_from          TEXT    NOT NULL DEFAULT '',
        verify_remark        TEXT    NOT NULL DEFAULT '',
        order_id             INTEGER NOT NULL DEFAULT 0,
        order_goods_id       INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX verify_order ON verify(order_id);
      CREATE INDEX verify_verifier ON verify(verifier_id, verify_time);

      -- One row per use of a code (Niushop's verify_record).
      CREATE TABLE verify_record (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id        INTEGER NOT NULL DEFAULT 1,
        verify_code    TEXT    NOT NULL,
        verifier_id    INTEGER NOT NULL DEFAULT 0,
        verifier_name  TEXT    NOT NULL DEFAULT '',
        verify_time    INTEGER NOT NULL DEFAULT 0,
        verify_from    TEXT    NOT NULL DEFAULT '',
        verify_remark  TEXT    NOT NULL DEFAULT '',
        store_id       INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX verify_record_code ON verify_record(verify_code);

      -- A virtual order's first verify-type line uses its virtual_code (migration 8) as its code.
      -- Verify-type virtual lines: how many uses each code allows (0 = not a verify-type line) and
      -- when it expires (0 = never). The demo catalogue has no virtual goods; the test API sets these.
      ALTER TABLE order_goods ADD COLUMN verify_total_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_goods ADD COLUMN verify_expire_time INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 11,
    name: 'notices and the customer-service chat (servicer addon)',
    sql: /* sql */ `
      -- /api/notice/*: Niushop's notice table. The API lists only rows whose receiving_type has "mobile".
      CREATE TABLE notice (
        id              INTEGER PRIMARY KEY,
        title           TEXT    NOT NULL,
        content         TEXT    NOT NULL DEFAULT '',
        is_top          INTEGER NOT NULL DEFAULT 0,
        sort            INTEGER NOT NULL DEFAULT 0,
        receiving_type  TEXT    NOT NULL DEFAULT 'mobile,web',
        receiving_name  TEXT    NOT NULL DEFAULT '手机端,电脑端',
        create_time     INTEGER NOT NULL DEFAULT 0,
        modify_time     INTEGER NOT NULL DEFAULT 0
      );

      -- Servicers (shop agents). online: a console socket is connected (or the test API says so).
      CREATE TABLE servicer (
        servicer_id  INTEGER PRIMARY KEY,
        user_id      INTEGER NOT NULL,
        nickname     TEXT    NOT NULL,
        avatar       TEXT    NOT NULL DEFAULT '',
        online       INTEGER NOT NULL DEFAULT 0,
        create_time  INTEGER NOT NULL DEFAULT 0
      );

      -- A member's chat state: the servicer they are paired with and whether their socket is bound.
      CREATE TABLE servicer_member (
        member_id    INTEGER PRIMARY KEY REFERENCES member(member_id),
        servicer_id  INTEGER NOT NULL DEFAULT 0,
        online       INTEGER NOT NULL DEFAULT 0,
        client_id    TEXT    NOT NULL DEFAULT '',
        modify_time  INTEGER NOT NULL DEFAULT 0
      );

      -- One chat message (contract §7.4). type 0 = member → servicer, 1 = servicer → member.
      CREATE TABLE servicer_dialogue (
        id            INTEGER PRIMARY KEY,
        member_id     INTEGER NOT NULL,
        servicer_id   INTEGER NOT NULL DEFAULT 0,
        shop_id       INTEGER NOT NULL DEFAULT 1,
        create_day    TEXT    NOT NULL,
        create_time   TEXT    NOT NULL,
        add_time      INTEGER NOT NULL DEFAULT 0,
        content_type  INTEGER NOT NULL DEFAULT 0,
        read          INTEGER NOT NULL DEFAULT 0,
        goods_sku_id  INTEGER NOT NULL DEFAULT 0,
        order_id      INTEGER NOT NULL DEFAULT 0,
        consumer_say  TEXT    NOT NULL DEFAULT '',
        servicer_say  TEXT    NOT NULL DEFAULT '',
        type          INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX servicer_dialogue_member ON servicer_dialogue(member_id, id);
    `,
  },
  {
    version: 12,
    name: 'member finance: bank accounts, withdrawals (frozen money), recharge packages and orders',
    sql: /* sql */ `
      -- Money on its way out: applied (frozen, not yet paid) and paid-out withdrawals, yuan.
      ALTER TABLE member ADD COLUMN balance_withdraw_apply REAL NOT NULL DEFAULT 0;
      ALTER TABLE member ADD COLUMN balance_withdraw REAL NOT NULL DEFAULT 0;

      -- Where a member's withdrawals go (Niushop's member_bank_account). withdraw_type: bank | alipay | wechatpay;
      -- bank_account holds the card number or the Alipay account. One default per member.
      CREATE TABLE member_bank_account (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id           INTEGER NOT NULL DEFAULT 1,
        member_id         INTEGER NOT NULL REFERENCES member(member_id),
        realname          TEXT    NOT NULL DEFAULT '',
        mobile            TEXT    NOT NULL DEFAULT '',
        withdraw_type     TEXT    NOT NULL DEFAULT 'bank',
        branch_bank_name  TEXT    NOT NULL DEFAULT '',
        bank_account      TEXT    NOT NULL DEFAULT '',
        is_default        INTEGER NOT NULL DEFAULT 0,
        create_time       INTEGER NOT NULL DEFAULT 0,
        modify_time       INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX member_bank_account_member ON member_bank_account(member_id);

      -- Withdrawal requests (Niushop's member_withdraw). status: 0 待审核, 1 待转账, 2 已转账,
      -- -1 已拒绝, -2 转账失败. The money leaves balance_money at the application (into
      -- balance_withdraw_apply) and comes back on refusal or failed transfer.
      CREATE TABLE member_withdraw (
        id                  INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id             INTEGER NOT NULL DEFAULT 1,
        withdraw_no         TEXT    NOT NULL UNIQUE,
        member_id           INTEGER NOT NULL REFERENCES member(member_id),
        transfer_type       TEXT    NOT NULL,
        transfer_type_name  TEXT    NOT NULL DEFAULT '',
        apply_money         REAL    NOT NULL,
        rate                REAL    NOT NULL DEFAULT 0,
        service_money       REAL    NOT NULL DEFAULT 0,
        money               REAL    NOT NULL DEFAULT 0,
        realname            TEXT    NOT NULL DEFAULT '',
        mobile              TEXT    NOT NULL DEFAULT '',
        bank_name           TEXT    NOT NULL DEFAULT '',
        account_number      TEXT    NOT NULL DEFAULT '',
        status              INTEGER NOT NULL DEFAULT 0,
        status_name         TEXT    NOT NULL DEFAULT '待审核',
        apply_time          INTEGER NOT NULL DEFAULT 0,
        audit_time          INTEGER NOT NULL DEFAULT 0,
        payment_time        INTEGER NOT NULL DEFAULT 0,
        refuse_reason       TEXT    NOT NULL DEFAULT '',
        fail_reason         TEXT    NOT NULL DEFAULT '',
        certificate         TEXT    NOT NULL DEFAULT '',
        certificate_remark  TEXT    NOT NULL DEFAULT ''
      );
      CREATE INDEX member_withdraw_member ON member_withdraw(member_id);

      -- Recharge packages (memberrecharge addon): pay buy_price, get face_value of stored value.
      CREATE TABLE member_recharge (
        recharge_id    INTEGER PRIMARY KEY,
        recharge_name  TEXT    NOT NULL,
        cover_img      TEXT    NOT NULL DEFAULT '',
        face_value     REAL    NOT NULL,
        buy_price      REAL    NOT NULL,
        point          INTEGER NOT NULL DEFAULT 0,
        growth         INTEGER NOT NULL DEFAULT 0,
        coupon_id      TEXT    NOT NULL DEFAULT '',
        sale_num       INTEGER NOT NULL DEFAULT 0,
        status         INTEGER NOT NULL DEFAULT 1,   -- 1 on sale, 2 off
        create_time    INTEGER NOT NULL DEFAULT 0
      );

      -- Recharge orders, paid through the cashier (pay.event = MemberRechargeOrderPayNotify,
      -- pay.relate_id = order_id). status: 0 unpaid, 1 paid, -1 closed. recharge_id 0 = custom amount.
      CREATE TABLE member_recharge_order (
        order_id       INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id        INTEGER NOT NULL DEFAULT 1,
        order_no       TEXT    NOT NULL UNIQUE,
        out_trade_no   TEXT    NOT NULL,
        member_id      INTEGER NOT NULL REFERENCES member(member_id),
        recharge_id    INTEGER NOT NULL DEFAULT 0,
        recharge_name  TEXT    NOT NULL DEFAULT '',
        cover_img      TEXT    NOT NULL DEFAULT '',
        face_value     REAL    NOT NULL,
        buy_price      REAL    NOT NULL,
        point          INTEGER NOT NULL DEFAULT 0,
        growth         INTEGER NOT NULL DEFAULT 0,
        coupon_id      TEXT    NOT NULL DEFAULT '',
        status         INTEGER NOT NULL DEFAULT 0,
        pay_type       TEXT    NOT NULL DEFAULT '',
        create_time    INTEGER NOT NULL DEFAULT 0,
        pay_time       INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX member_recharge_order_member ON member_recharge_order(member_id);
    `,
  },
  {
    version: 14,
    name: 'promotion checkouts: the kind of an order, the activity of a line, more seckill slots',
    sql: /* sql */ `
      -- Promotion orders (seckill, bundling, groupbuy, topic, pointexchange) say their kind, as
      -- upstream's order rows do; '' = a normal order.
      ALTER TABLE orders ADD COLUMN promotion_type TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN promotion_type_name TEXT NOT NULL DEFAULT '';
      -- The activity a line was bought in (seckill_id, bl_id…): per-member limits count by it,
      -- and closing the order gives its promotion stock back.
      ALTER TABLE order_goods ADD COLUMN promotion_id INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX order_goods_promotion ON order_goods(promotion_type, promotion_id, sku_id);
    `,
  },
  {
    version: 15,
    name: 'topics: stock, per-member limit and sales per topic goods',
    sql: /* sql */ `
      -- 专题活动 goods sell from a stock of their own (taken by orders, given back when an unpaid
      -- order is closed), at most max_buy per member over the topic (0 = no limit).
      ALTER TABLE topic_goods ADD COLUMN stock INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE topic_goods ADD COLUMN max_buy INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE topic_goods ADD COLUMN sale_num INTEGER NOT NULL DEFAULT 0;
      `,
  },
  {
    version: 16,
    name: 'points mall: exchange items and exchange orders',
    sql: /* sql */ `
      -- Points mall (pointexchange addon, contract §6.12). type 1 goods (type_id = sku_id), 2 coupon
      -- (type_id = coupon_type_id). point and price (the cash part, yuan) are per unit; coupons are
      -- points only here. stock is the exchange's own; limit_num per member (0 = none). state 1 on, 0 off.
      CREATE TABLE point_exchange (
        id            INTEGER PRIMARY KEY,
        type          INTEGER NOT NULL CHECK (type IN (1, 2)),
        type_id       INTEGER NOT NULL,
        name          TEXT    NOT NULL,
        image         TEXT    NOT NULL DEFAULT '',
        point         INTEGER NOT NULL CHECK (point > 0),
        price         REAL    NOT NULL DEFAULT 0,
        market_price  REAL    NOT NULL DEFAULT 0,
        stock         INTEGER NOT NULL DEFAULT 0,
        limit_num     INTEGER NOT NULL DEFAULT 0,
        pay_type      INTEGER NOT NULL DEFAULT 0,   -- 0 points only, 1 points + cash
        state         INTEGER NOT NULL DEFAULT 1,
        sort          INTEGER NOT NULL DEFAULT 0,
        content       TEXT    NOT NULL DEFAULT '',
        create_time   INTEGER NOT NULL DEFAULT 0,
        CHECK (type = 1 OR price = 0)
      );

      -- Exchange orders. A goods exchange has a goods order (relate_order_id, kind pointexchange) that
      -- carries delivery and the cash; its state follows that order (unpaid 0, paid 1, closed -1).
      -- A coupon exchange is done at once (order_status 1). point = the points taken in all.
      CREATE TABLE point_exchange_order (
        order_id         INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id          INTEGER NOT NULL DEFAULT 1,
        order_no         TEXT    NOT NULL UNIQUE,
        out_trade_no     TEXT    NOT NULL DEFAULT '',
        member_id        INTEGER NOT NULL REFERENCES member(member_id),
        exchange_id      INTEGER NOT NULL REFERENCES point_exchange(id),
        exchange_name    TEXT    NOT NULL,
        exchange_image   TEXT    NOT NULL DEFAULT '',
        type             INTEGER NOT NULL,
        type_id          INTEGER NOT NULL,
        point            INTEGER NOT NULL,
        exchange_price   REAL    NOT NULL DEFAULT 0,
        price            REAL    NOT NULL DEFAULT 0,
        num              INTEGER NOT NULL,
        relate_order_id  INTEGER NOT NULL DEFAULT 0,
        order_status     INTEGER NOT NULL DEFAULT 0,
        create_time      INTEGER NOT NULL DEFAULT 0,
        pay_time         INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX point_exchange_order_member ON point_exchange_order(member_id, exchange_id);
      `,
  },
  {
    version: 17,
    name: "qualifications: types per business type, members' submissions and review, goods that need one, the shop's certificates",
    sql: /* sql */ `
      -- The qualification types are the aptitude rows (资质类型, /api/register/getAptitude) with the
      -- form details the member page needs: a description, whether a validity date is asked, how
      -- many images one submission holds.
      ALTER TABLE aptitude ADD COLUMN description TEXT NOT NULL DEFAULT '';
      ALTER TABLE aptitude ADD COLUMN need_expire INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE aptitude ADD COLUMN max_images INTEGER NOT NULL DEFAULT 3;

      -- Which types a business type (member_label) must or may hand in; label_id 0 = members without one.
      CREATE TABLE qualification_config (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        label_id     INTEGER NOT NULL DEFAULT 0,
        aptitude_id  INTEGER NOT NULL REFERENCES aptitude(id),
        is_must      INTEGER NOT NULL DEFAULT 1,
        sort         INTEGER NOT NULL DEFAULT 0,
        UNIQUE (label_id, aptitude_id)
      );

      -- A member's submissions, one row per submission (history kept). status: 0 待审核, 1 已通过,
      -- -1 已驳回 (reason). images: comma list of upload paths (upload_file, folder qualification).
      -- expire_date 'YYYY-MM-DD', '' = long-term. A pending submission takes more images; a new
      -- upload after a review starts a new submission, so an approved one stays valid meanwhile.
      CREATE TABLE member_qualification (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id     INTEGER NOT NULL REFERENCES member(member_id),
        aptitude_id   INTEGER NOT NULL REFERENCES aptitude(id),
        images        TEXT    NOT NULL DEFAULT '',
        expire_date   TEXT    NOT NULL DEFAULT '',
        status        INTEGER NOT NULL DEFAULT 0,
        reason        TEXT    NOT NULL DEFAULT '',
        create_time   INTEGER NOT NULL DEFAULT 0,
        modify_time   INTEGER NOT NULL DEFAULT 0,
        audit_time    INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX member_qualification_member ON member_qualification(member_id, aptitude_id);

      -- Goods (or a category) a business type may buy only with an approved, unexpired
      -- qualification of a type (sale control, ADR 024). member_label 0 = every member.
      CREATE TABLE qualification_rule (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        type          TEXT    NOT NULL CHECK (type IN ('goods', 'category')),
        goods_id      INTEGER NOT NULL DEFAULT 0,
        category_id   INTEGER NOT NULL DEFAULT 0,
        member_label  INTEGER NOT NULL DEFAULT 0,
        aptitude_id   INTEGER NOT NULL REFERENCES aptitude(id)
      );

      -- The shop's own licences shown to buyers (/member/certiys). images: comma list of paths.
      CREATE TABLE shop_certificate (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        name         TEXT    NOT NULL,
        cert_no      TEXT    NOT NULL DEFAULT '',
        issuer       TEXT    NOT NULL DEFAULT '',
        scope        TEXT    NOT NULL DEFAULT '',
        images       TEXT    NOT NULL DEFAULT '',
        start_date   TEXT    NOT NULL DEFAULT '',
        expire_date  TEXT    NOT NULL DEFAULT '',
        sort         INTEGER NOT NULL DEFAULT 0,
        status       INTEGER NOT NULL DEFAULT 1
      );
    `,
  },
  {
    version: 18,
    name: 'member sign-in: one record per member and China day, with the reward it earned',
    sql: /* sql */ `
      -- sign_date is the day in China (YYYY-MM-DD, test clock applied); days_series the
      -- consecutive days this sign-in reached (1 after a skipped day, back to 1 after a cycle).
      CREATE TABLE member_signin (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        member_id    INTEGER NOT NULL REFERENCES member(member_id),
        sign_date    TEXT    NOT NULL,
        days_series  INTEGER NOT NULL DEFAULT 1,
        point        INTEGER NOT NULL DEFAULT 0,
        growth       INTEGER NOT NULL DEFAULT 0,
        create_time  INTEGER NOT NULL DEFAULT 0,
        UNIQUE (member_id, sign_date)
      );
      `,
  },
  {
    version: 19,
    name: 'member mobile and email binding, salesman teams, the stock-out log',
    sql: /* sql */ `
      -- Codes sent to an email address (bingemailcode → modifyemail): 6 digits, 10 minutes, one
      -- use, burned after 5 wrong tries, as sms_code. Read by tests through GET /__test/email.
      CREATE TABLE email_code (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        code_key     TEXT    NOT NULL UNIQUE,   -- the {key} handed to the client
        member_id    INTEGER NOT NULL,
        email        TEXT    NOT NULL,
        code         TEXT    NOT NULL,
        create_time  INTEGER NOT NULL,
        expire_time  INTEGER NOT NULL,
        used         INTEGER NOT NULL DEFAULT 0,
        wrong_tries  INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX email_code_email ON email_code(email);

      -- Salesmen (业务员, staff addon): a member who looks after a team of buyers.
      CREATE TABLE salesman (
        member_id     INTEGER PRIMARY KEY REFERENCES member(member_id),
        salesman_name TEXT    NOT NULL,
        status        INTEGER NOT NULL DEFAULT 1,   -- 1 active, 0 disabled (answers as not a salesman)
        create_time   INTEGER NOT NULL DEFAULT 0
      );
      -- The salesman (member_id of salesman) who looks after this member; 0 = none.
      ALTER TABLE member ADD COLUMN salesman_id INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX member_salesman ON member(salesman_id);

      -- The shop's stock-out log (断货记录, /staff/api/salesman/stockoutLog): when a SKU ran out and
      -- when it came back. status 0 out of stock, 1 restocked.
      CREATE TABLE stockout_log (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        goods_id      INTEGER NOT NULL,
        sku_id        INTEGER NOT NULL,
        sku_name      TEXT    NOT NULL,
        sku_image     TEXT    NOT NULL DEFAULT '',
        spec_format   TEXT    NOT NULL DEFAULT '',
        stockout_time INTEGER NOT NULL,
        restock_time  INTEGER NOT NULL DEFAULT 0,
        status        INTEGER NOT NULL DEFAULT 0,
        remark        TEXT    NOT NULL DEFAULT ''
      );
      CREATE INDEX stockout_log_time ON stockout_log(stockout_time);
      `,
  },
  {
    version: 20,
    name: 'the demo orders made real (seed step 20, issue 29)',
    sql: /* sql */ `
      -- No new tables: the seed step rebuilds step 1's bare demo orders through the order model.
      -- Orders are looked up by their payment serial when paid, refunded or made again.
      CREATE INDEX IF NOT EXISTS orders_out_trade_no ON orders(out_trade_no);
      `,
  },
  {
    version: 21,
    name: 'WeChat QR login and PHP sessions (seed step 21, issue 29)',
    sql: /* sql */ `
      -- Wechat::loginCode's Cache entry 'wechat_<key>' ({expire_time}, then the scan's openid and
      -- profile) and the temporary QR code's ticket (WeChat's own, here ours). cache_until is the
      -- entry's own life (3600 s); expire_time the code's (600 s).
      CREATE TABLE wechat_login_code (
        login_key    TEXT    PRIMARY KEY,
        ticket       TEXT    NOT NULL UNIQUE,
        expire_time  INTEGER NOT NULL,
        cache_until  INTEGER NOT NULL,
        openid       TEXT    NOT NULL DEFAULT '',
        nickname     TEXT    NOT NULL DEFAULT '',
        headimgurl   TEXT    NOT NULL DEFAULT '',
        unionid      TEXT    NOT NULL DEFAULT '',
        cleared      INTEGER NOT NULL DEFAULT 0
      );
      -- ThinkPHP's session (SessionInit, file driver upstream): one row per PHPSESSID, data as JSON.
      CREATE TABLE php_session (
        session_id   TEXT    PRIMARY KEY,
        data         TEXT    NOT NULL DEFAULT '{}',
        modify_time  INTEGER NOT NULL
      );
      CREATE INDEX php_session_time ON php_session(modify_time);
      `,
  },
  {
    version: 22,
    name: 'a coupon in the sign-up gift (seed step 22, issue 29)',
    sql: /* sql */ `
      -- No new tables: MEMBER_REGISTER_REWARD's value gains \`coupon\` (coupon type ids), as 5.5.2 keeps it.
      `,
  },
]
