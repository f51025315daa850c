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
]
