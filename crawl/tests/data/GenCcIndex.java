// Writes cc_index.txt from cc_index_inputs.txt with the JDK's own URL reading, as Common Crawl's
// index converter (cc-index-table's CCIndex2Table and HostName) documents its URL columns:
// java.net.URL for the protocol, port, path, query and host; the host lower-cased; a dotted-quad
// IPv4 address and a bracketed IPv6 address kept; a shorter decimal IPv4 form canonicalized by
// InetAddress; a name URL-decoded (when it has `%`), IDN.toASCII'd (when not ASCII), one trailing
// dot cut, its labels split at dots (String.split) and reversed.
// The suffix and domain columns (crawler-commons) are not written: the JDK has no suffix list.
//
// Run by hand (a JDK, no network):  java crawl/tests/data/GenCcIndex.java
// The tests read cc_index.txt only; they never run Java.
import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;

public class GenCcIndex {
    static final Pattern QUAD = Pattern.compile("(?:(?:25[0-5]|(?:2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(?:25[0-5]|(?:2[0-4]|1{0,1}[0-9]){0,1}[0-9])");
    static final Pattern DECIMAL = Pattern.compile("(?:(?:25[0-5]|(?:2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){0,3}(?:[0-9]+)");
    static final Pattern IPV6 = Pattern.compile("\\[[0-9a-fA-F:]+\\]");

    static byte[] unescape(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\\' && i + 1 < b.length) {
                char n = (char) b[i + 1];
                if (n == 'x') { out.write(Integer.parseInt(new String(b, i + 2, 2, StandardCharsets.US_ASCII), 16)); i += 3; continue; }
                out.write(n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : '\\'); i++; continue;
            }
            out.write(b[i]);
        }
        return out.toByteArray();
    }

    static String escape(String s) {
        if (s == null) return "\\N";
        // Non-control bytes are copied as the UTF-8 text they are part of.
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') out.append("\\\\");
            else if (c < 0x21 || c == 0x7f) out.append(String.format("\\x%02X", (int) c));
            else out.append(c);
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args.length > 0 ? args[0] : "crawl/tests/data");
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("cc_index_inputs.txt"), StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            String url = new String(unescape(line), StandardCharsets.UTF_8);
            URL u;
            try {
                u = new URL(url);
            } catch (MalformedURLException e) {
                rows.add(line + "\tMALFORMED");
                continue;
            }
            String host = u.getHost().toLowerCase(Locale.ROOT);
            String[] rev = null;
            if (QUAD.matcher(host).matches()) {
                // kept
            } else if (DECIMAL.matcher(host).matches()) {
                try {
                    host = InetAddress.getByName(host).getHostAddress();
                } catch (UnknownHostException e) {
                    rev = labels(host);
                }
            } else if (IPV6.matcher(host).matches()) {
                // kept
            } else {
                if (host.indexOf('%') >= 0) {
                    try { host = URLDecoder.decode(host, StandardCharsets.UTF_8); } catch (IllegalArgumentException e) { }
                }
                boolean ascii = host.chars().allMatch(c -> c < 128);
                if (!ascii) {
                    try { host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED); } catch (IllegalArgumentException e) { host = null; }
                }
                if (host != null) {
                    if (host.endsWith(".")) host = host.substring(0, host.length() - 1);
                    rev = labels(host);
                }
            }
            List<String> cols = new ArrayList<>();
            cols.add(line);
            cols.add(escape(host));
            for (int i = 0; i < 5; i++) cols.add(escape(rev != null && rev.length > i ? rev[i] : null));
            cols.add(escape(rev == null ? null : String.join(".", rev)));
            cols.add(escape(u.getProtocol()));
            cols.add(u.getPort() == -1 ? "\\N" : Integer.toString(u.getPort()));
            cols.add(escape(u.getPath()));
            cols.add(escape(u.getQuery()));
            rows.add(String.join("\t", cols));
        }
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(dir.resolve("cc_index.txt"), StandardCharsets.UTF_8))) {
            w.println("# Produced by GenCcIndex.java with Java " + System.getProperty("java.version") + " (java.net.URL, IDN, InetAddress)");
            w.println("# from cc_index_inputs.txt. Columns, tab-separated: input, url_host_name, url_host_tld,");
            w.println("# url_host_2nd_last_part ... url_host_5th_last_part, url_host_name_reversed, url_protocol,");
            w.println("# url_port, url_path, url_query; \\N is null; MALFORMED: java.net.URL refuses the URL.");
            for (String r : rows) w.println(r);
        }
    }

    static String[] labels(String host) {
        String[] rev = host.split("\\.");
        Collections.reverse(Arrays.asList(rev));
        return rev;
    }
}
