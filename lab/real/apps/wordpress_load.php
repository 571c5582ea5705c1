<?php
/**
 * The real-wordpress application's loader: WordPress's own installer, then the posts.
 *
 *     php -d auto_prepend_file=PREPEND wordpress_load.php POSTS.json
 *
 * Run by lab/real/wordpress.py with PHP's command line; PREPEND defines ABSPATH as the site's
 * document root, whose wp-config.php (written there by wordpress.py) names the private MariaDB
 * server and database. wp_install() (WordPress's installer, as wp-admin/install.php runs it)
 * makes the tables and the admin user; the sample post, page and privacy page it writes are
 * deleted; the theme is twentytwentyone (Debian's wordpress-theme-twentytwentyone), the
 * permalinks /%year%/%monthnum%/%day%/%postname%/; then each post of POSTS.json (a list of
 * {title, content, date (UTC), category, tags, author, email}) is inserted by wp_insert_post()
 * as its author (a user per uploader, made by wp_insert_user()) in its category with its tags.
 */

$_SERVER['HTTP_HOST'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require_once ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/taxonomy.php';

$posts = json_decode(file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
$installed = wp_install('Debian uploads', 'admin', 'admin@example.org', true, '',
                        'lab-local-password');
foreach (get_posts(['post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1]) as $p) {
    wp_delete_post($p->ID, true);
}
switch_theme('twentytwentyone');
update_option('blogdescription', "The uploads of the packages WordPress runs on, as Debian's changelogs record them");
update_option('permalink_structure', '/%year%/%monthnum%/%day%/%postname%/');
update_option('default_pingback_flag', 0);
update_option('default_ping_status', 'closed');
update_option('default_comment_status', 'closed');
$wp_rewrite->init();
$wp_rewrite->set_permalink_structure('/%year%/%monthnum%/%day%/%postname%/');
flush_rewrite_rules(false);

$users = [];
foreach ($posts as $post) {
    $email = $post['email'];
    if (!isset($users[$email])) {
        $login = sanitize_user(strtolower(strtok($email, '@')) . '-' . substr(md5($email), 0, 6), true);
        $id = wp_insert_user([
            'user_login' => $login,
            'user_email' => $email,
            'user_pass' => wp_generate_password(24),
            'display_name' => $post['author'],
            'nickname' => $post['author'],
            'role' => 'author',
        ]);
        if (is_wp_error($id)) {
            fwrite(STDERR, "user $email: " . $id->get_error_message() . "\n");
            exit(1);
        }
        $users[$email] = $id;
    }
    $category = wp_create_category($post['category']);
    $id = wp_insert_post([
        'post_title' => $post['title'],
        'post_content' => $post['content'],
        'post_status' => 'publish',
        'post_type' => 'post',
        'post_author' => $users[$email],
        'post_date' => $post['date'],
        'post_date_gmt' => $post['date'],
        'post_category' => [$category],
        'tags_input' => $post['tags'],
        'comment_status' => 'closed',
        'ping_status' => 'closed',
    ], true);
    if (is_wp_error($id)) {
        fwrite(STDERR, "post {$post['title']}: " . $id->get_error_message() . "\n");
        exit(1);
    }
}
printf("%d posts by %d authors\n", count($posts), count($users));
