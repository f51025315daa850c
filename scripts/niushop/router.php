<?php
// Router of PHP's built-in server for Niushop, doing what its nginx.htaccess does: a file that exists
// is served as it is; `/install.php/...` and `/index.php/...` run that script; every other path runs
// `index.php` with the path as its path info. No other PHP file of the tree is run from a URL.
$root = realpath($_SERVER['DOCUMENT_ROOT']);
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');

$script = '/index.php';
$pathInfo = $path;
foreach (['/index.php', '/install.php'] as $entry) {
    if ($path === $entry || strpos($path, $entry . '/') === 0) {
        $script = $entry;
        $pathInfo = substr($path, strlen($entry));
    }
}

if ($pathInfo === $path) {
    $file = realpath($root . $path);
    if ($file !== false && strpos($file, $root . DIRECTORY_SEPARATOR) === 0 && is_file($file)) {
        if (strtolower(pathinfo($file, PATHINFO_EXTENSION)) === 'php') {
            http_response_code(404);
            return true;
        }
        return false; // the server sends the file
    }
}

// As under nginx + PHP-FPM: ThinkPHP reads the route from PATH_INFO (under `php -S` it would
// otherwise take REQUEST_URI, script name included).
$_SERVER['PATH_INFO'] = $pathInfo === '' ? '/' : $pathInfo;
$_SERVER['SCRIPT_NAME'] = $script;
$_SERVER['PHP_SELF'] = $script . $pathInfo;
$_SERVER['SCRIPT_FILENAME'] = $root . $script;
chdir($root);
require $root . $script;
