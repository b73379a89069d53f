import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { renderIndexHtml } from './spa.js';

describe('renderIndexHtml', () => {
  const site = loadConfig({ BUSINESS_NAME: 'Bob & </script> Comics' }).site;
  const html = renderIndexHtml('<html><head><title>x</title><!--site-config--></head></html>', site);

  it('embeds the site configuration as a JSON data block that cannot close its own script element', () => {
    const match = /<script type="application\/json" id="site-config">(.*)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    expect(match![1]).not.toContain('</script>');
    expect(JSON.parse(match![1]!)).toMatchObject({ businessName: 'Bob & </script> Comics' });
  });

  it('puts the business name in the title, escaped', () => {
    expect(html).toContain('<title>Bob &#38; &#60;/script&#62; Comics - Sell Your Graded Comics</title>');
  });
});
