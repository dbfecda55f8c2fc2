package audit

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSummarizeMasksSecrets(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		// secret must not be in the summary.
		secret string
	}{
		{"plain command kept", "rm -rf /", "rm -rf /", ""},
		{"paths kept", "cat /home/user/projects/Website2024/src/components/Header.tsx", "cat /home/user/projects/Website2024/src/components/Header.tsx", ""},
		{"env assignment", "API_KEY=s3cr3tvalue curl x", "API_KEY=*** curl x", "s3cr3tvalue"},
		{"export token", "export GITHUB_TOKEN=abc123def", "export GITHUB_TOKEN=***", "abc123def"},
		{"flag equals", "mysql --password=hunter2 db", "mysql --password=*** db", "hunter2"},
		{"flag then value", "login --password hunter2 --user bob", "login --password *** --user bob", "hunter2"},
		{"client secret flag", "tool --client-secret 'x y' run", "tool --client-secret '***' run", "y'"},
		{"mysql -p", "mysql -uroot -phunter2 db", "mysql -uroot -p*** db", "hunter2"},
		{"find -print kept", "find . -name x -print", "find . -name x -print", ""},
		{"authorization header", `curl -H "Authorization: Bearer abcdef123456" https://x`, `curl -H "Authorization: Bearer ***" https://x`, "abcdef123456"},
		{"bearer alone", "Bearer tok3n-value", "Bearer ***", "tok3n-value"},
		{"basic", `-H 'Authorization: Basic dXNlcjpwYXNz'`, `-H 'Authorization: Basic ***'`, "dXNlcjpwYXNz"},
		{"url password", "git clone https://bob:hunter2@github.com/x/y.git", "git clone https://bob:***@github.com/x/y.git", "hunter2"},
		{"aws key", "echo AKIAIOSFODNN7EXAMPLE", "echo AKIA***", "IOSFODNN7EXAMPLE"},
		{"github pat", "gh auth login --with-token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "", "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"},
		{"github fine-grained", "echo github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "echo github_pat_***", "11ABCDEFG0123456789"},
		{"gitlab", "echo glpat-xxxxYYYYzzzz1234", "echo glpat-***", "xxxxYYYYzzzz1234"},
		{"slack", "echo xoxb-1234567890-abcdefghij", "echo xoxb-***", "1234567890-abcdefghij"},
		{"openai", "OPENAI=sk-proj-abcdefghijklmnop1234", "OPENAI=sk-***", "abcdefghijklmnop1234"},
		{"api key header", `curl -H 'X-Api-Key: k3y-value' https://x`, `curl -H 'X-Api-Key: ***' https://x`, "k3y-value"},
		{"aws secret env", "AWS_SECRET_ACCESS_KEY=abc/def+ghi aws s3 ls", "AWS_SECRET_ACCESS_KEY=*** aws s3 ls", "abc/def+ghi"},
		{"json key", `{"password": "hunter2", "user": "bob"}`, `{"password": "***", "user": "bob"}`, "hunter2"},
		{"pem block", "printf '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----' > k", "printf '-----BEGIN RSA PRIVATE KEY-----***' > k", "MIIEpAIBAAKCAQEA"},
		{"pem without end", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk", "-----BEGIN OPENSSH PRIVATE KEY-----***", "b3BlbnNzaC1rZXk"},
		{"certificate kept", "-----BEGIN CERTIFICATE-----", "-----BEGIN CERTIFICATE-----", ""},
		{"base64 run", "echo Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr | base64 -d", "echo *** | base64 -d", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr"},
		{"hex run", "curl -d key=0123456789abcdef0123456789abcdef x", "curl -d key=*** x", "0123456789abcdef0123456789abcdef"},
		{"long word kept", "echo supercalifragilisticexpialidociousness", "echo supercalifragilisticexpialidociousness", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Summarize(tt.in)
			if tt.want != "" {
				assert.Equal(t, tt.want, got)
			}
			if tt.secret != "" {
				assert.NotContains(t, got, tt.secret)
				assert.Contains(t, got, Masked)
			}
		})
	}
}

func TestSummarizeCutsOnACharacterBoundary(t *testing.T) {
	t.Parallel()
	in := strings.Repeat("é", SummaryBytes) // 2 bytes each
	got := Summarize(in)
	assert.LessOrEqual(t, len(got), SummaryBytes)
	assert.True(t, utf8.ValidString(got), "%q", got)
	assert.True(t, strings.HasSuffix(got, ellipsis))
	assert.Equal(t, "short", Summarize("short"))
}

func TestSummarizeOfAHugeInputIsBounded(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("a=b token=x ", 4<<20) // 48 MiB
	start := time.Now()
	got := Summarize(huge)
	// Generous: it reads only the start; the whole input would take far
	// longer than this on any machine.
	require.Less(t, time.Since(start), 2*time.Second)
	assert.LessOrEqual(t, len(got), SummaryBytes)
	assert.NotContains(t, got, "token=x")
	one := strings.Repeat("Q", 64<<20) // no space at all
	assert.LessOrEqual(t, len(Summarize(one)), SummaryBytes)
}

func TestSummarizeInvalidUTF8(t *testing.T) {
	t.Parallel()
	got := Summarize("echo \xff\xfe password=x")
	assert.True(t, utf8.ValidString(got))
	assert.Equal(t, "echo \uFFFD password=***", got)
}

// TestSummarizeMasksCommandLinePasswords: the passwords that curl, sshpass
// and mysql take on the command line are masked, and curl's user name is
// kept; the same options without a password are left as they are.
func TestSummarizeMasksCommandLinePasswords(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"curl -u bob:hunter2 https://x", "curl -u bob:*** https://x"},
		{"curl --user bob:hunter2 https://x", "curl --user bob:*** https://x"},
		{"curl --user=bob:hunter2 https://x", "curl --user=bob:*** https://x"},
		{"curl -ubob:hunter2 https://x", "curl -ubob:*** https://x"},
		{`curl -u "bob:hunter2" https://x`, `curl -u "bob:***" https://x`},
		{`curl -u 'bob:hunter2 more' https://x`, `curl -u 'bob:***' https://x`},
		{"curl -u bob https://x", "curl -u bob https://x"},
		{"sshpass -p hunter2 ssh host", "sshpass -p *** ssh host"},
		{"sshpass -phunter2 ssh host", "sshpass -p*** ssh host"},
		{"login --password hunter2 x", "login --password *** x"},
		{"login --password=hunter2 x", "login --password=*** x"},
		{"mysql -u root -phunter2 db", "mysql -u root -p*** db"},
		{"mysqldump --password=hunter2 db", "mysqldump --password=*** db"},
		{"docker run -u 1000:1000 img", "docker run -u 1000:1000 img"},
		{"ls -p dir", "ls -p dir"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got := Summarize(tt.in)
			assert.Equal(t, tt.want, got)
			assert.NotContains(t, got, "hunter2")
		})
	}
}
