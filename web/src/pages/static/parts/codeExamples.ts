// Copyable code of the implementation guide: the WordPress snippet and the plain HTML page.
import { FIELD_PREFIX } from '#core/site';
import { EXAMPLE_ARTIST, EXAMPLE_REGISTRY_ID, EXAMPLE_TITLE, liveBadgeUrl, verifyUrl, type ExampleSite } from './examples';

/** The two WordPress custom fields, named with the product's own prefix (docs/product.md §2). */
export const WP_REGISTRY_FIELD = `${FIELD_PREFIX}_registry_id`;
export const WP_STATUS_FIELD = `${FIELD_PREFIX}_verification_status`;

export const EXAMPLE_CREATED_AT = '2026-11-22T01:49:59.000Z';

/** A schema.org VisualArtwork description of one registered work, as the HTML example embeds it. */
export function exampleJsonLd(site: ExampleSite): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'VisualArtwork',
    name: EXAMPLE_TITLE,
    identifier: EXAMPLE_REGISTRY_ID,
    creator: { '@type': 'Person', name: EXAMPLE_ARTIST },
    dateCreated: EXAMPLE_CREATED_AT,
    artMedium: 'AI-generated digital image',
    license: 'https://creativecommons.org/licenses/by/4.0/',
    image: 'https://your-site.example/images/neon-tide.jpg',
    subjectOf: {
      '@type': 'WebPage',
      name: `${site.siteName} proof page`,
      url: verifyUrl(site),
    },
  };
  return JSON.stringify(data, null, 2);
}

export function htmlExamplePage(site: ExampleSite): string {
  const jsonLd = exampleJsonLd(site)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${EXAMPLE_TITLE} by ${EXAMPLE_ARTIST}</title>
    <!-- Structured data: copy yours from the JSON-LD download on your proof page. -->
    <script type="application/ld+json">
${jsonLd}
    </script>
  </head>
  <body>
    <h1>${EXAMPLE_TITLE}</h1>
    <img src="/images/neon-tide.jpg" alt="${EXAMPLE_TITLE}, AI-generated artwork by ${EXAMPLE_ARTIST}" width="640">

    <!-- Live ${site.siteName} badge: always shows the current status and links to the proof page. -->
    <a href="${verifyUrl(site)}">
      <img src="${liveBadgeUrl(site)}" alt="${site.siteName} verification badge for ${EXAMPLE_TITLE}, Registry ID ${EXAMPLE_REGISTRY_ID}" width="400">
    </a>
  </body>
</html>
`;
}

export function wordpressPhp(site: ExampleSite): string {
  const constant = `${FIELD_PREFIX.toUpperCase()}_SITE`;
  return `<?php
/**
 * ${site.siteName} badge and structured data for posts that carry a registry ID.
 * Custom fields: ${WP_REGISTRY_FIELD}, ${WP_STATUS_FIELD}
 * Add to your child theme's functions.php or a code-snippets plugin.
 */
const ${constant} = '${site.siteUrl}';

function ${FIELD_PREFIX}_registry_id( $post_id ) {
    $id = trim( (string) get_post_meta( $post_id, '${WP_REGISTRY_FIELD}', true ) );
    // Accept only registry IDs (VW-2026-000001) or UUIDs, nothing that could break the HTML.
    return preg_match( '/^[A-Za-z0-9-]{1,64}$/', $id ) ? $id : '';
}

// Show the live badge, linked to the proof page, under the post content.
add_filter( 'the_content', function ( $content ) {
    if ( ! is_singular() || ! in_the_loop() || ! is_main_query() ) {
        return $content;
    }
    $id = ${FIELD_PREFIX}_registry_id( get_the_ID() );
    if ( '' === $id ) {
        return $content;
    }
    $status = get_post_meta( get_the_ID(), '${WP_STATUS_FIELD}', true );
    $label  = $status ? $status : 'Registered';
    $badge  = sprintf(
        '<p class="${FIELD_PREFIX}-badge"><a href="%1$s"><img src="%2$s" alt="%3$s" width="400" loading="lazy"></a></p>',
        esc_url( ${constant} . '/verify/' . rawurlencode( $id ) ),
        esc_url( ${constant} . '/badge/' . rawurlencode( $id ) . '.svg' ),
        esc_attr( '${site.siteName}: ' . $label . ', Registry ID ' . $id )
    );
    return $content . $badge;
} );

// Add schema.org VisualArtwork JSON-LD to the page head.
add_action( 'wp_head', function () {
    if ( ! is_singular() ) {
        return;
    }
    $post_id = get_queried_object_id();
    $id      = ${FIELD_PREFIX}_registry_id( $post_id );
    if ( '' === $id ) {
        return;
    }
    $data = array(
        '@context'   => 'https://schema.org',
        '@type'      => 'VisualArtwork',
        'name'       => get_the_title( $post_id ),
        'url'        => get_permalink( $post_id ),
        'identifier' => $id,
        'creator'    => array(
            '@type' => 'Person',
            'name'  => get_the_author_meta( 'display_name', get_post_field( 'post_author', $post_id ) ),
        ),
        'subjectOf'  => array(
            '@type' => 'WebPage',
            'url'   => ${constant} . '/verify/' . rawurlencode( $id ),
        ),
    );
    echo '<script type="application/ld+json">' . wp_json_encode( $data, JSON_UNESCAPED_SLASHES ) . "</script>\\n";
} );
`;
}
