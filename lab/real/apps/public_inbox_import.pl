#!/usr/bin/perl
# Import a mailbox (mboxo, as `git format-patch --stdout` writes it) into a public-inbox inbox
# named in $PI_CONFIG, the library's own mbox import (PublicInbox::InboxWritable::import_mbox).
# Used by siteseer's lab (lab/real/publicinbox.py) at install. Usage: NAME MBOX
use strict;
use warnings;
use PublicInbox::Config;
use PublicInbox::InboxWritable;

my ($name, $mbox) = @ARGV;
die "usage: $0 NAME MBOX\n" unless defined $mbox;
my $ibx = PublicInbox::Config->new->lookup_name($name) or die "no inbox $name in \$PI_CONFIG\n";
$ibx = PublicInbox::InboxWritable->new($ibx);
$ibx->{-no_fsync} = 1;    # a lab build: nothing to lose on a crash
open(my $fh, '<', $mbox) or die "$mbox: $!\n";
$ibx->import_mbox($fh, 'mboxo');
close($fh);
