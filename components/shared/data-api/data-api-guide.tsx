import Link from 'next/link';
import { getLocale, getMessages } from '@/lib/i18n/server';
import s from './data-api.module.css';

const ORIGIN_HINT = 'https://your-portal';

/** How to call the data API (docs/data-api.md), server-rendered in the page's language. */
export async function DataApiGuide({ origin }: { origin: string }) {
  const locale = await getLocale();
  const t = (await getMessages(locale)).dataApi;
  const base = origin || ORIGIN_HINT;
  const endpoints: [string, string][] = [
    ['/api/v1/countries', t.epCountries],
    ['/api/v1/regions', t.epRegions],
    ['/api/v1/products', t.epProducts],
    ['/api/v1/series', t.epSeries],
    ['/api/v1/latest', t.epLatest],
    ['/api/v1/index', t.epIndex],
    ['/api/v1/forecast', t.epForecast],
  ];
  const url = `${base}/api/v1/series?product=wheat&region=cn&from=2020-01-01&to=2020-12-31`;
  const examples: [string, string][] = [
    ['curl', `curl -H "Authorization: Bearer $YK" \\\n  "${url}&format=csv"`],
    [
      'Python',
      `import io, os, requests, pandas as pd\n\nr = requests.get("${base}/api/v1/series",\n    params={"product": "wheat", "region": "cn", "format": "csv"},\n    headers={"Authorization": f"Bearer {os.environ['YK']}"}, timeout=30)\nr.raise_for_status()\nprices = pd.read_csv(io.StringIO(r.text), parse_dates=["date"])\nprint(r.headers["X-Citation"])`,
    ],
    [
      'R',
      `library(httr2)\n\nresp <- request("${base}/api/v1/series") |>\n  req_url_query(product = "wheat", region = "cn", format = "csv") |>\n  req_auth_bearer_token(Sys.getenv("YK")) |>\n  req_perform()\nprices <- read.csv(text = resp_body_string(resp))`,
    ],
  ];
  return (
    <section className={s.guide} aria-labelledby="api-guide">
      <h2 id="api-guide">{t.guideTitle}</h2>
      <p>{t.guideIntro}</p>
      <h3>{t.authTitle}</h3>
      <p>{t.authBody}</p>
      <h3>{t.endpointsTitle}</h3>
      <div className={`${s.tableWrap} ${s.stackOnPhone}`}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t.colEndpoint}</th>
              <th scope="col">{t.colWhat}</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map(([path, what]) => (
              <tr key={path}>
                <th scope="row">
                  <code className={s.endpoint}>GET {path}</code>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t.formatsTitle}</h3>
      <p>{t.formatsBody}</p>
      <h3>{t.errorsTitle}</h3>
      <p>{t.errorsBody}</p>
      <h3>{t.examplesTitle}</h3>
      {examples.map(([lang, code]) => (
        <figure key={lang} className={s.example}>
          <figcaption>{lang}</figcaption>
          {/* Focusable: a phone scrolls the long lines sideways, and so must a keyboard. */}
          <pre lang="en" data-verbatim="" tabIndex={0}>
            <code>{code}</code>
          </pre>
        </figure>
      ))}
      <p>
        <Link href="/api-docs">{t.fullReference}</Link>
      </p>
    </section>
  );
}
