<?php
/**
 * Save pages into a DokuWiki through its own API (saveWikiText): page file, attic copy,
 * changelog entry and metadata, as an edit in the browser would.
 *
 *   php -d auto_prepend_file=PREPEND dokuwiki_import.php PAGES.json
 *
 * PAGES.json is a list of {"id": …, "text": …, "summary": …}. PREPEND defines DOKU_CONF (the
 * wiki's own configuration, whose savedir is its data directory). Prints one line per page:
 * the id DokuWiki cleaned it to.
 */
if (!defined('DOKU_INC')) define('DOKU_INC', '/usr/share/dokuwiki/');
define('NOSESSION', 1);
require_once DOKU_INC . 'inc/init.php';

$pages = json_decode(file_get_contents($argv[1]), true);
foreach ($pages as $page) {
    $id = cleanID($page['id']);
    if (rtrim(rawWiki($id)) !== rtrim($page['text'])) {
        saveWikiText($id, $page['text'], $page['summary']);
    }
    echo $id, "\n";
}
