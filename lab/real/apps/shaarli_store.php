<?php
// real-shaarli's bookmarks, written and read through Shaarli's own datastore classes (Debian's
// /usr/share/shaarli), run by PHP's command line from the served folder (lab.real.shaarli):
//
//     php shaarli_store.php CONFIG load BOOKMARKS.json   # add each bookmark, in the file's order
//     php shaarli_store.php CONFIG dump                  # every bookmark as JSON, as listed
//
// CONFIG is the configuration file without its `.json.php` suffix (Shaarli's ConfigManager
// reads it; it names the datastore). `load` adds the bookmarks through BookmarkFileService, as
// Shaarli's own forms and importer do (each gets its id and its permalink's short hash there),
// to an empty datastore. `dump` prints the datastore's bookmarks in the order the list page
// shows them (newest first), each with its id, short hash, URL, title, tags and visibility.

require_once '/usr/share/shaarli/autoload.php';
// the function libraries Shaarli's index.php loads before its classes run
foreach (['bookmark/LinkUtils.php', 'http/HttpUtils.php', 'http/UrlUtils.php', 'Utils.php'] as $file) {
    require_once '/usr/share/shaarli/application/' . $file;
}

use malkusch\lock\mutex\NoMutex;
use Shaarli\Bookmark\Bookmark;
use Shaarli\Bookmark\BookmarkArray;
use Shaarli\Bookmark\BookmarkIO;
use Shaarli\Bookmark\BookmarkFileService;
use Shaarli\Config\ConfigManager;
use Shaarli\History;

date_default_timezone_set('UTC');
[$script, $configFile, $command] = array_pad($argv, 3, null);
if ($configFile === null || !in_array($command, ['load', 'dump'], true)) {
    fwrite(STDERR, "usage: php shaarli_store.php CONFIG load BOOKMARKS.json | dump\n");
    exit(2);
}
$conf = new ConfigManager($configFile);
$history = new History($conf->get('resource.history'));

if ($command === 'load') {
    if (file_exists($conf->get('resource.datastore'))) {
        fwrite(STDERR, $conf->get('resource.datastore') . " exists: load writes a new datastore\n");
        exit(1);
    }
    // An empty datastore first: on a missing one, a logged-in service adds Shaarli's welcome
    // bookmarks (BookmarkInitializer).
    (new BookmarkIO($conf, new NoMutex()))->write(new BookmarkArray());
    $service = new BookmarkFileService($conf, $history, new NoMutex(), true);
    $bookmarks = json_decode(file_get_contents($argv[3]), true, 512, JSON_THROW_ON_ERROR);
    foreach ($bookmarks as $data) {
        $bookmark = new Bookmark();
        $bookmark->setUrl($data['url']);
        $bookmark->setTitle($data['title']);
        $bookmark->setDescription($data['description']);
        $bookmark->setTags($data['tags']);
        $bookmark->setPrivate(false);
        $bookmark->setCreated(new DateTime($data['created']));
        $service->add($bookmark, false);
    }
    $service->save();
    printf("%d bookmarks in %s\n", $service->count(), $conf->get('resource.datastore'));
    exit(0);
}

$service = new BookmarkFileService($conf, $history, new NoMutex(), true);
$rows = [];
foreach ($service->search() as $bookmark) {
    $rows[] = [
        'id' => $bookmark->getId(),
        'shorturl' => $bookmark->getShortUrl(),
        'url' => $bookmark->getUrl(),
        'title' => $bookmark->getTitle(),
        'tags' => array_values($bookmark->getTags()),
        'private' => $bookmark->isPrivate(),
        'sticky' => $bookmark->isSticky(),
        'created' => $bookmark->getCreated()->format(DateTimeInterface::ATOM),
    ];
}
echo json_encode($rows, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
