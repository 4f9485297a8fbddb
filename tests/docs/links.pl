#!/usr/bin/perl
# links.pl, run from the repository's root by links.sh: every relative link in README.md,
# docs/*.md and bench/README.md names a file or directory of the repository, and every #anchor
# (alone, or after a Markdown file's path) names a heading of that file, by GitHub's rule: the
# heading's text lowercased, every character but letters, digits, '_', '-' and spaces dropped,
# spaces turned into '-', and a repeated heading's slug followed by -1, -2, ... Links inside
# code (fenced blocks, `spans`) are not links. Prints every broken link as FILE:LINE: TARGET:
# why, and fails if there is one.
use strict;
use warnings;
use utf8;
binmode(STDOUT, ":utf8");
use File::Basename qw(dirname);
my %slugs;
sub text_lines {    # the file's lines, with fenced code blanked (numbering kept)
  my ($file) = @_;
  open(my $in, "<:utf8", $file) or return;
  my @lines = <$in>;
  my $fenced = 0;
  for (@lines) {
    if (/^\s*```/) { $fenced = !$fenced; $_ = "\n"; next }
    $_ = "\n" if $fenced;
  }
  return @lines;
}
sub slugs_of {
  my ($file) = @_;
  return $slugs{$file} if $slugs{$file};
  my (%seen, %set);
  for (text_lines($file)) {
    next unless /^#{1,6}\s+(.*?)\s*#*\s*$/;
    my $slug = lc $1;
    $slug =~ s/\[([^\]]*)\]\([^)]*\)/$1/g;
    $slug =~ s/[^\p{Word}\- ]//g;
    $slug =~ tr/ /-/;
    my $n = $seen{$slug}++;
    $set{$n ? "$slug-$n" : $slug} = 1;
  }
  return $slugs{$file} = \%set;
}
my @files = ("README.md", sort(glob("docs/*.md")), "bench/README.md");
my ($links, $broken) = (0, 0);
for my $file (@files) {
  # Links and code spans may run over a line break, so the file is searched whole, each code
  # span replaced by the line breaks it held (keeping the line numbers).
  my $text = join("", text_lines($file));
  # A span opens with a run of backticks and closes with a run as long (CommonMark's rule).
  $text =~ s/(`+)(.*?[^`])\1(?!`)/"\n" x ($2 =~ tr!\n!!)/gse;
  while ($text =~ /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g) {
    my $target = $1;
    my $line_number = 1 + (substr($text, 0, $-[0]) =~ tr/\n//);
    next if $target =~ /^[a-z][a-z0-9+.-]*:/i;
    $links++;
    my ($path, $anchor) = $target =~ /^([^#]*)(?:#(.*))?$/;
    my $resolved = $path eq "" ? $file : dirname($file) . "/" . $path;
    my $why;
    if (!-e $resolved) {
      $why = "no such file";
    } elsif (defined $anchor) {
      if ($resolved !~ /\.md$/) {
        $why = "an anchor into a file that is not Markdown";
      } elsif (!slugs_of($resolved)->{$anchor}) {
        $why = "no heading there has that anchor";
      }
    }
    if ($why) {
      print "$file:$line_number: $target: $why\n";
      $broken++;
    }
  }
}
die "no links found: the checker reads nothing\n" if $links == 0;
if ($broken) { print "FAIL: $broken of $links links are broken\n"; exit 1 }
print "ok: $links links resolve\n";
