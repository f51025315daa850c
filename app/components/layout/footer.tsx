import { useTranslation } from "~/i18n/translation";
import { StaticMarkup } from "./static-markup";
import { Group } from "~/components/ui";
import type { ClientLayout } from "~/upstream/layout-view.server";
import { linkProps } from "./link-props";
import { wholeValue } from "~/utils/document-data";

/**
 * spec §2 "Footer": services, help classes, contact, QR, friendly links, copyright, certificates.
 * The same for every visitor of a language: rendered once per layout version (StaticMarkup), so
 * its links are plain links.
 */
export function Footer({ layout }: { layout: ClientLayout }) {
  const { language } = useTranslation();
  // A document's layout lacks the lists this renders from; the server finds them (ADR 027).
  const chromeLayout = wholeValue(layout);
  return (
    <StaticMarkup cacheKey={`footer:${language}:${layout.version}`} as="footer" className="footer">
      <FooterContent layout={chromeLayout} />
    </StaticMarkup>
  );
}

function FooterContent({ layout }: { layout: ClientLayout }) {
  const { t } = useTranslation();
  return (
    <>
      {layout.services.length > 0 ? (
        <div className="footer__services">
          <ul className="container footer__service-list" aria-label={t("footer.services")}>
            {layout.services.map((service) => (
              <li key={service.service_name} title={service.desc}>
                {service.image ? <img src={service.image} alt="" width={36} height={36} loading="lazy" decoding="async" /> : null}
                <span>{service.service_name}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="container footer__main">
        <div className="footer__help">
          {layout.helpClasses.map((helpClass) => (
            <div key={helpClass.class_id} className="footer__help-class">
              <h2>{helpClass.class_name}</h2>
              <ul>
                {helpClass.child_list.map((item) => (
                  <li key={item.id}>
                    {item.link_address ? <a {...linkProps(item.link_address)}>{item.title}</a> : <a href={`/cms/help-${item.id}`}>{item.title}</a>}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="footer__contact">
          {layout.site.phone ? (
            <p>
              {t("footer.phone")}: <a href={`tel:${layout.site.phone}`}>{layout.site.phone}</a>
            </p>
          ) : null}
          {layout.site.email ? (
            <p>
              {t("footer.email")}: <a href={`mailto:${layout.site.email}`}>{layout.site.email}</a>
            </p>
          ) : null}
        </div>
        {layout.miniProgramQrcode ? (
          <figure className="footer__qrcode">
            <img src={layout.miniProgramQrcode} alt={t("footer.miniProgram")} width={100} height={100} loading="lazy" decoding="async" />
            <figcaption>{t("footer.miniProgram")}</figcaption>
          </figure>
        ) : null}
      </div>
      {layout.friendlyLinks.length > 0 ? (
        <div className="container footer__links">
          <h2>{t("footer.friendlyLinks")}</h2>
          <Group gap="md">
            {layout.friendlyLinks.map((link) => (
              <a key={link.id} {...linkProps(link.link_url, link.is_blank)} title={link.link_title}>
                {link.link_pic ? <img src={link.link_pic} alt={link.link_title} width={108} height={36} loading="lazy" decoding="async" /> : link.link_title}
              </a>
            ))}
          </Group>
        </div>
      ) : null}
      <Copyright layout={layout} />
    </>
  );
}

function Copyright({ layout }: { layout: ClientLayout }) {
  const { t } = useTranslation();
  const copyright = layout.copyright;
  return (
    <div className="container footer__copyright">
      {copyright?.copyright_desc ? (
        <p>{copyright.copyright_link ? <a {...linkProps(copyright.copyright_link, true)}>{copyright.copyright_desc}</a> : copyright.copyright_desc}</p>
      ) : (
        <p>{t("footer.copyright", { name: copyright?.company_name || layout.site.site_name })}</p>
      )}
      <Group gap="md" justify="center">
        {copyright?.icp ? (
          <a href="https://beian.miit.gov.cn" target="_blank" rel="noopener noreferrer">
            {copyright.icp}
          </a>
        ) : null}
        {copyright?.gov_record ? <a {...linkProps(copyright.gov_url, true)}>{copyright.gov_record}</a> : null}
        {copyright?.business_show_link ? <a {...linkProps(copyright.business_show_link, true)}>{t("footer.businessLicence")}</a> : null}
      </Group>
      {layout.certificates.length > 0 ? <EntryList label={t("footer.certificates")} entries={layout.certificates} /> : null}
      {layout.platforms.length > 0 ? <EntryList label={t("footer.platforms")} entries={layout.platforms} /> : null}
    </div>
  );
}

function EntryList({ label, entries }: { label: string; entries: ClientLayout["certificates"] }) {
  return (
    <ul className="footer__entries" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a {...linkProps(entry.link_url, true)}>
            {entry.icon ? <img src={entry.icon} alt="" width={28} height={28} loading="lazy" decoding="async" /> : null}
            <span>{entry.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
