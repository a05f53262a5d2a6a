/** The public site's own styles: small enough to inline, so a page needs no stylesheet request. */
export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
:root{--site-accent:#364fc7;--site-accent-text:#ffffff;--site-accent-tint:#edf2ff;--site-accent-ink:#364fc7}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#212529;line-height:1.55;background:#fff}
a{color:#1c5fb8}
.site-wrap{max-width:1366px;margin:0 auto;padding:0 16px}
.site-toolbar{background:#364fc7;color:#fff;font-size:14px}
.site-toolbar__row{display:flex;align-items:center;justify-content:space-between;min-height:42px;gap:12px}
.site-toolbar__contact{display:flex;gap:20px;flex-wrap:wrap}
.site-toolbar a{color:#fff;text-decoration:none}
.site-toolbar__login{background:#fff;color:#364fc7!important;border-radius:6px;padding:4px 14px;font-weight:600}
.site-toolbar__actions{display:flex;align-items:center;gap:16px}
.site-toolbar__cart[hidden]{display:none}
@media (min-width:1200px) and (max-width:1600px){.site-toolbar .site-wrap{max-width:1080px}}
.site-header{border-bottom:1px solid #e9ecef;background:#fff}
.site-header__row{display:flex;align-items:center;justify-content:space-between;min-height:62px;gap:16px}
.site-logo{font-weight:700;font-size:18px;color:#212529;text-decoration:none;display:flex;align-items:center}
.site-menu ul{list-style:none;margin:0;padding:0;display:flex;gap:4px;flex-wrap:wrap}
.site-menu a,.site-menu summary{display:block;padding:10px 12px;border-radius:8px;color:#212529;text-decoration:none;cursor:pointer}
.site-menu a:hover,.site-menu summary:hover,.site-menu a[aria-current=page]{background:var(--site-accent-tint);color:var(--site-accent-ink)}
.site-menu__group{position:relative}
.site-menu__group ul{position:absolute;background:#fff;border:1px solid #e9ecef;border-radius:8px;padding:4px;display:block;min-width:180px;z-index:2}
.site-menu__toggle{display:none;background:none;border:0;padding:10px;cursor:pointer}
.site-menu__toggle span{display:block;width:22px;height:2px;background:#212529;margin:4px 0}
.site-page{padding-top:24px;padding-bottom:48px}
.site-page__head h1{font-size:clamp(28px,4vw,40px);margin:8px 0 4px;line-height:1.2}
.site-page__sub{color:#5c636a;font-size:18px;margin:0 0 24px}
.site-page__body img,.site-page__body video,.site-page__body iframe{max-width:100%;height:auto}
.site-footer{background:#f8f9fa;border-top:1px solid #e9ecef;font-size:15px;padding:32px 0 16px}
.site-footer__cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:24px}
.site-footer h2{font-size:15px;margin:0 0 10px}
.site-footer ul{list-style:none;margin:0;padding:0}
.site-footer li{margin:4px 0}
.site-footer a{color:#212529;text-decoration:none}
.site-footer a:hover{text-decoration:underline}
.site-footer__meta{display:flex;flex-wrap:wrap;gap:24px;color:#495057;margin:24px 0 0;font-size:14px}
@media (max-width:767px){
.site-menu__toggle{display:block}
.site-menu{display:none;position:absolute;left:0;right:0;top:104px;background:#fff;border-bottom:1px solid #e9ecef;padding:8px 16px;z-index:3}
.site-menu[data-open=true]{display:block}
.site-menu ul{flex-direction:column}
.site-menu__group ul{position:static;border:0}
}
`.replace(/\n/g, '');
export * from './site-theme.ts';
