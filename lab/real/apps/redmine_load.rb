# The real-redmine application's loader: a public project holding Redmine's own issues.
#
#     REDMINE_INSTANCE=… RAILS_ENV=production bin/rails runner redmine_load.rb ISSUES.json
#
# Run by lab/real/redmine.py from Debian's /usr/share/redmine, after `rake db:migrate` and
# `rake redmine:load_default_data` (its English default data: statuses, roles, the anonymous
# role's view permissions). ISSUES.json holds {"project": {...}, "versions": [{name, date}],
# "issues": [{id, tracker, subject, category, version, date}]}, newest first, from Redmine's
# changelog (lab/real/redmine.py reads it). The trackers the changelog names (Defect, Feature,
# Patch) are made beside the default data's; the project is public with issue tracking; each
# version is created open (an issue's target version must be open), its issues given it, then
# closed as a released version is; each issue keeps the number redmine.org gave it, its
# status "Resolved" (an open status of the default data: the default issue list shows it),
# its creation time the version's release date.

require 'json'

data = JSON.parse(File.read(ARGV.fetch(0)))
admin = User.find_by!(login: 'admin')
resolved = IssueStatus.find_by!(name: 'Resolved')
trackers = data['issues'].map { |i| i['tracker'] }.uniq.sort.to_h do |name|
  tracker = Tracker.find_by(name: name) ||
            Tracker.create!(name: name, default_status: IssueStatus.find_by!(name: 'New'))
  [name, tracker]
end
spec = data['project']
project = Project.create!(
  name: spec['name'], identifier: spec['identifier'], description: spec['description'],
  is_public: true, enabled_module_names: %w[issue_tracking]
)
project.trackers = trackers.values
categories = data['issues'].filter_map { |i| i['category'] }.uniq.sort.to_h do |name|
  [name, IssueCategory.create!(project: project, name: name)]
end
versions = data['versions'].to_h do |v|
  [v['name'], Version.create!(project: project, name: v['name'], effective_date: v['date'],
                              status: 'open', sharing: 'none')]
end
ActiveRecord::Base.transaction do
  data['issues'].reverse_each do |i|
    issue = Issue.new(project: project, tracker: trackers.fetch(i['tracker']),
                      subject: i['subject'], author: admin, status: resolved,
                      category: i['category'] && categories.fetch(i['category']),
                      fixed_version: versions.fetch(i['version']))
    issue.id = i['id']
    issue.created_on = issue.updated_on = Time.iso8601(i['date'])
    issue.save!
  end
end
versions.each_value { |v| v.update_columns(status: 'closed') }
puts "#{Issue.count} issues in #{versions.size} versions, #{categories.size} categories"
